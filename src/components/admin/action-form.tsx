'use client';

import { useActionState, useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorFor } from '@/domain/funds/form';
import type { FormState } from '@/domain/forms/form-input';
import { Button } from '@/components/ui/button';
import { Input, InputField, Label, Legend, Select, Textarea } from '@/components/ui/field';
import { FormAnswer } from './form-answer';

/**
 * The back-office's data forms: one client component for every fund, share, AUM, NAV and document
 * form. The server action gets the FormData and answers a FormState: a translated message (shown
 * in a live region) and translated errors per field (each tied to its field by aria-describedby,
 * the field marked aria-invalid). After an error the typed values are shown again.
 */
export type { FormState };
export const IDLE: FormState = { status: 'idle' };

type Base = { name: string; label: string; hint?: string; required?: boolean };
export type FieldSpec =
  | (Base & { kind: 'text' | 'number' | 'date' | 'datetime-local'; value?: string; step?: string; min?: number; max?: number; lang?: string })
  | (Base & { kind: 'textarea'; value?: string; rows?: number; lang?: string })
  | (Base & { kind: 'select'; value?: string; options: { value: string; label: string }[] })
  | (Base & { kind: 'checkbox'; checked?: boolean })
  | (Base & { kind: 'checkboxes'; values?: string[]; options: { value: string; label: string }[] })
  | (Base & { kind: 'localized'; values?: Partial<Record<string, string>>; multiline?: boolean; languages: { code: string; label: string }[]; missing: string })
  | (Base & { kind: 'file'; accept?: string })
  | { kind: 'hidden'; name: string; value: string }
  /** Fields that belong together (a fund's characteristics, one partner), under one legend. */
  | { kind: 'group'; name: string; label: string; hint?: string; fields: FieldSpec[] };

/** Every name a field posts or reports errors under (a group's own name and its fields'). */
function namesOf(spec: FieldSpec): string[] {
  if (spec.kind === 'group') return [spec.name, ...spec.fields.flatMap(namesOf)];
  if (spec.kind === 'localized') return [spec.name, ...spec.languages.map((l) => `${spec.name}.${l.code}`)];
  return [spec.name];
}
const keyOf = (spec: FieldSpec) => (spec.kind === 'hidden' ? `${spec.name}=${spec.value}` : spec.name);

type Props = {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  fields: FieldSpec[];
  submitLabel: string;
  /** A short title for the form (its accessible name). */
  title: string;
  danger?: boolean;
  compact?: boolean;
  /** Shown but not usable (e.g. archiving what is already archived): the form stays, so its last message does too. */
  disabled?: boolean;
  /** The errors of fields not on this form (e.g. a validation error of a stored field). */
  otherErrorsLabel?: string;
  children?: ReactNode;
};

const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

function valueOf(state: FormState, name: string, fallback: string | undefined): string {
  const v = state.values?.[name];
  return typeof v === 'string' ? v : (fallback ?? '');
}

function Described({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, hint?: string, error?: string) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** One language of a text: "Missing" is shown (and described) while it is empty, as the person types. */
function LocalizedInput(props: { id: string; name: string; lang: string; label: string; value: string; error?: string; required: boolean; multiline: boolean; missingLabel: string }) {
  const [missing, setMissing] = useState(props.value.trim() === '');
  const { id, error } = props;
  const field = {
    id,
    name: props.name,
    lang: props.lang,
    defaultValue: props.value,
    required: props.required,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setMissing(event.currentTarget.value.trim() === ''),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [missing ? `${id}-missing` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
    className: 'max-w-none',
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.multiline ? <Textarea {...field} rows={4} /> : <Input {...field} type="text" />}
      {missing && (
        <p id={`${id}-missing`} className="mt-1 text-sm font-medium text-amber-800">
          {props.missingLabel}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function Field({ spec, formId, state }: { spec: FieldSpec; formId: string; state: FormState }) {
  if (spec.kind === 'hidden') return <Input type="hidden" name={spec.name} value={spec.value} />;
  const id = fieldId(formId, spec.name);
  if (spec.kind === 'group') {
    const own = state.errors?.[spec.name];
    return (
      <fieldset aria-describedby={describedBy(id, spec.hint, own)} className="space-y-4 rounded border border-slate-300 p-4">
        <legend className="px-1 text-lg font-semibold">{spec.label}</legend>
        <Described id={id} hint={spec.hint} error={own} />
        {spec.fields.map((inner) => (
          <Field key={keyOf(inner)} spec={inner} formId={formId} state={state} />
        ))}
      </fieldset>
    );
  }
  const error = errorFor(state.errors, spec.name);
  const common = { id, name: spec.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, spec.hint, error) };
  switch (spec.kind) {
    case 'checkbox': {
      const submitted = state.values ? state.values[spec.name] === 'on' : undefined;
      return (
        <div>
          <div className="flex items-center gap-2">
            <Input {...common} type="checkbox" defaultChecked={submitted ?? spec.checked} className="h-4 w-4" />
            <label htmlFor={id} className="font-medium">
              {spec.label}
            </label>
          </div>
          <Described id={id} hint={spec.hint} error={error} />
        </div>
      );
    }
    case 'checkboxes': {
      const submitted = state.values?.[spec.name];
      const chosen = state.values ? (Array.isArray(submitted) ? submitted : submitted ? [submitted] : []) : (spec.values ?? []);
      return (
        <fieldset aria-describedby={describedBy(id, spec.hint, error)}>
          <Legend>{spec.label}</Legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {spec.options.map((o) => (
              <div key={o.value} className="flex items-center gap-2">
                <Input id={`${id}-${o.value}`} type="checkbox" name={spec.name} value={o.value} defaultChecked={chosen.includes(o.value)} className="h-4 w-4" />
                <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
              </div>
            ))}
          </div>
          <Described id={id} hint={spec.hint} error={error} />
        </fieldset>
      );
    }
    case 'localized': {
      return (
        <fieldset aria-describedby={describedBy(id, spec.hint, error)}>
          <Legend>{spec.label}</Legend>
          <div className="mt-1 grid gap-3 md:grid-cols-3">
            {spec.languages.map((language) => {
              const name = `${spec.name}.${language.code}`;
              return (
                <LocalizedInput
                  key={language.code}
                  id={fieldId(formId, name)}
                  name={name}
                  lang={language.code}
                  label={`${spec.label} (${language.label})`}
                  value={valueOf(state, name, spec.values?.[language.code])}
                  error={state.errors?.[name]}
                  required={!!spec.required && language.code === 'fr'}
                  multiline={!!spec.multiline}
                  missingLabel={spec.missing}
                />
              );
            })}
          </div>
          <Described id={id} hint={spec.hint} error={error && !spec.languages.some((l) => state.errors?.[`${spec.name}.${l.code}`]) ? error : undefined} />
        </fieldset>
      );
    }
    case 'select':
      return (
        <div>
          <Label htmlFor={id}>
            {spec.label}
          </Label>
          <Select {...common} defaultValue={valueOf(state, spec.name, spec.value)} required={spec.required}>
            {spec.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          <Described id={id} hint={spec.hint} error={error} />
        </div>
      );
    case 'textarea':
      return (
        <div>
          <Label htmlFor={id}>
            {spec.label}
          </Label>
          <Textarea {...common} lang={spec.lang} rows={spec.rows ?? 4} defaultValue={valueOf(state, spec.name, spec.value)} required={spec.required}  className="max-w-none font-mono text-sm"/>
          <Described id={id} hint={spec.hint} error={error} />
        </div>
      );
    case 'file':
      return (
        <InputField label={spec.label} {...common} type="file" accept={spec.accept} required={spec.required}>
          <Described id={id} hint={spec.hint} error={error} />
        </InputField>
      );
    default:
      return (
        <InputField label={spec.label} {...common} type={spec.kind} step={spec.step} min={spec.min} max={spec.max} lang={spec.lang} inputMode={spec.kind === 'number' ? 'decimal' : undefined} defaultValue={valueOf(state, spec.name, spec.value)} required={spec.required}>
          <Described id={id} hint={spec.hint} error={error} />
        </InputField>
      );
  }
}

export function ActionForm({ action, fields, submitLabel, title, danger, compact, disabled, otherErrorsLabel, children }: Props) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const formId = useId().replace(/:/g, '');
  const shown = new Set(fields.flatMap(namesOf));
  const others = Object.entries(state.errors ?? {}).filter(([k]) => ![...shown].some((s) => k === s || k.startsWith(`${s}.`)));
  return (
    <div className={compact ? 'inline-block' : undefined}>
      <FormAnswer state={state}>
        {others.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-sm" aria-label={otherErrorsLabel}>
            {others.map(([k, v]) => (
              <li key={k}>
                {k}: {v}
              </li>
            ))}
          </ul>
        )}
      </FormAnswer>
      <form action={formAction} aria-label={title} key={state.seq ?? 0} noValidate className={compact ? 'inline' : 'space-y-4'}>
      {fields.map((spec) => (
        <Field key={keyOf(spec)} spec={spec} formId={formId} state={state} />
      ))}
      {children}
      <Button variant={danger ? 'danger' : 'primary'} type="submit" disabled={pending || disabled} aria-disabled={pending || disabled ? true : undefined}>
        {submitLabel}
      </Button>
      </form>
    </div>
  );
}
