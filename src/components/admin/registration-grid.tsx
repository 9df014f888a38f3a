'use client';

import { useActionState, useId } from 'react';
import type { FormState } from './action-form';
import { Button } from '@/components/ui/button';
import { Input, InputField, Label, Textarea } from '@/components/ui/field';
import { TableGrid, Td, Th } from '@/components/ui/table';
import { FormAnswer } from './form-answer';

type Dates = { registeredOn: string; withdrawnOn: string | null };

export type RegistrationGridLabels = {
  /** The form's accessible name. */
  title: string;
  caption: string;
  shareColumn: string;
  date: string;
  dateHint: string;
  save: string;
  /** "since {date}", "withdrawn on {date}", "not registered". */
  since: string;
  withdrawn: string;
  none: string;
  archived: string;
  /** Under the approval policy: the note for the reviewer and the effective date (src/app/admin/approval-form.ts). */
  approval?: { note: string; noteHint: string; effectiveAt: string; effectiveAtHint: string };
};

type Props = {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  editable: boolean;
  shares: { id: number; isin: string; name: string; active: boolean }[];
  countries: { code: string; title: string }[];
  profiles: { code: string; title: string }[];
  cells: Record<string, Dates>;
  today: string;
  labels: RegistrationGridLabels;
};

const fill = (template: string, date: string) => template.replace('{date}', date);

/**
 * The registration matrix of one fund: a row per share class, a column per country, and in each cell
 * a checkbox per investor profile, named for screen readers "{profile}, {ISIN}, {country}" and
 * described by its stored dates. Ticking registers from the chosen date, unticking withdraws on it;
 * the server saves every change in one transaction (src/server/registrations/commands.ts).
 */
export function RegistrationGrid({ action, editable, shares, countries, profiles, cells, today, labels }: Props) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as FormState);
  const id = useId().replace(/:/g, '');
  return (
    <div>
      <FormAnswer state={state}>
        {state.errors && Object.keys(state.errors).length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-sm">
            {Object.entries(state.errors).map(([key, text]) => (
              <li key={key}>{text}</li>
            ))}
          </ul>
        )}
      </FormAnswer>
      <form action={formAction} aria-label={labels.title} key={state.seq ?? 0} className="space-y-4">
        <div className="overflow-x-auto">
          <TableGrid>
            <caption className="mb-2 text-left font-semibold">{labels.caption}</caption>
            <thead>
              <tr>
                <Th scope="col">
                  {labels.shareColumn}
                </Th>
                {countries.map((c) => (
                  <Th key={c.code} scope="col">
                    {c.title} <span className="font-normal text-muted">({c.code})</span>
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shares.map((s) => (
                <tr key={s.id}>
                  <Th cell scope="row" className="font-medium">
                    {s.name}
                    <span className="block font-mono text-xs">{s.isin}</span>
                    {!s.active && <span className="block text-xs text-muted">{labels.archived}</span>}
                  </Th>
                  {countries.map((c) => (
                    <Td key={c.code}>
                      <ul className="space-y-1">
                        {profiles.map((p) => {
                          const key = `${s.id}|${c.code}|${p.code}`;
                          const stored = cells[key];
                          const cellId = `${id}-${s.id}-${c.code}-${p.code}`;
                          const note = !stored ? labels.none : stored.withdrawnOn ? fill(labels.withdrawn, stored.withdrawnOn) : fill(labels.since, stored.registeredOn);
                          return (
                            <li key={p.code} className="flex items-start gap-2 whitespace-nowrap">
                              <Input
                                id={cellId}
                                type="checkbox"
                                name="cell"
                                value={key}
                                defaultChecked={!!stored && stored.withdrawnOn === null}
                                disabled={!editable}
                                aria-label={`${p.code}, ${s.isin}, ${c.title}`}
                                aria-describedby={`${cellId}-note`}
                                className="mt-1 h-4 w-4"
                              />
                              <span>
                                <label htmlFor={cellId} title={p.title} className="font-mono text-xs">
                                  {p.code}
                                </label>
                                <span id={`${cellId}-note`} className="block text-xs text-muted">
                                  {note}
                                </span>
                              </span>
                            </li>
                          );
                        })}
                      </ul>
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </TableGrid>
        </div>
        {editable && (
          <>
            <InputField label={labels.date} id={`${id}-date`} name="date" type="date" required defaultValue={today} aria-describedby={`${id}-date-hint`}>
              <p id={`${id}-date-hint`} className="mt-1 text-sm text-muted">
                {labels.dateHint}
              </p>
            </InputField>
            {labels.approval && (
              <>
                <div>
                  <Label htmlFor={`${id}-note`}>
                    {labels.approval.note}
                  </Label>
                  <Textarea id={`${id}-note`} name="approvalNote" rows={2} aria-describedby={`${id}-note-hint`} />
                  <p id={`${id}-note-hint`} className="mt-1 text-sm text-muted">
                    {labels.approval.noteHint}
                  </p>
                </div>
                <InputField label={labels.approval.effectiveAt} id={`${id}-effective`} name="effectiveAt" type="datetime-local" step={1} aria-invalid={state.errors?.effectiveAt ? true : undefined} aria-describedby={`${id}-effective-hint${state.errors?.effectiveAt ? ` ${id}-effective-error` : ''}`}>
                  <p id={`${id}-effective-hint`} className="mt-1 text-sm text-muted">
                    {labels.approval.effectiveAtHint}
                  </p>
                  {state.errors?.effectiveAt && (
                    <p id={`${id}-effective-error`} className="mt-1 text-sm text-red-700">
                      {state.errors.effectiveAt}
                    </p>
                  )}
                </InputField>
              </>
            )}
            <Button type="submit" disabled={pending}>
              {labels.save}
            </Button>
          </>
        )}
      </form>
    </div>
  );
}
