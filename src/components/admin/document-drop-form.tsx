'use client';

import { startTransition, useActionState, useId, useState, type DragEvent, type FormEvent } from 'react';
import { readDocumentFileName, type FileNameProblem } from '@/domain/documents/bulk';
import { Button } from '@/components/ui/button';
import { Input, Label, Select, type SelectOption } from '@/components/ui/field';
import { TableGrid, Td, Th } from '@/components/ui/table';
import type { ImportState } from './import-form';

export type DocumentDropLabels = {
  title: string;
  drop: string;
  file: string;
  hint: string;
  caption: string;
  fileCol: string;
  isin: string;
  type: string;
  language: string;
  reading: string;
  readOk: string;
  /** Every part the name did not give has been filled in by hand. */
  corrected: string;
  choose: string;
  remove: string;
  /** "ISIN of {file}", "Type of {file}"…: each row's controls named after its file. */
  isinOf: string;
  typeOf: string;
  languageOf: string;
  removeOf: string;
  date: string;
  dateHint: string;
  none: string;
  preview: string;
  confirm: string;
  errors: string;
};

type Props = {
  action: (state: ImportState, form: FormData) => Promise<ImportState>;
  labels: DocumentDropLabels;
  problems: Record<FileNameProblem, string>;
  types: SelectOption[];
  locales: SelectOption[];
  today: string;
};

type Entry = { key: number; file: File; isin: string; typeCode: string; locale: string; problems: FileNameProblem[] };

let nextKey = 0;

/** The name's problems still open: a part that could not be read counts until its field is filled in by hand. */
function remaining(e: Entry): FileNameProblem[] {
  return e.problems.filter((p) => (p === 'no-isin' || p === 'bad-isin' ? e.isin.trim() === '' : p === 'unknown-type' ? e.typeCode === '' : p === 'no-language' ? e.locale === '' : true));
}
const named = (template: string, file: string) => template.replace('{file}', file);

/**
 * Share class documents in bulk (docs/back-office.md, Imports): PDFs dropped on the zone or chosen
 * with its file input (keyboard, no drag needed), each with the ISIN, type and language read from its
 * name (`FR0000000000_KIID_fr.pdf`) in fields staff can correct; "Preview" shows what would be
 * stored (nothing is written), "Confirm" posts the same files and readings with the preview's hash.
 * Any change of the list withdraws the preview.
 */
export function DocumentDropForm({ action, labels, problems, types, locales, today }: Props) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as ImportState);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [publishedAt, setPublishedAt] = useState(today);
  const [over, setOver] = useState(false);
  const [staleSeq, setStaleSeq] = useState<number | undefined>(undefined);
  const id = useId().replace(/:/g, '');
  const fresh = state.seq !== staleSeq;
  const canConfirm = fresh && state.status === 'ok' && !!state.hash && entries.length > 0;
  const stale = () => setStaleSeq(state.seq);

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const added = Array.from(files).map((file): Entry => {
      const read = readDocumentFileName(file.name);
      nextKey += 1;
      return { key: nextKey, file, isin: read.isin ?? '', typeCode: read.typeCode ?? '', locale: read.locale ?? '', problems: read.problems };
    });
    setEntries((list) => [...list, ...added]);
    stale();
  }
  function change(key: number, patch: Partial<Entry>) {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
    stale();
  }
  function remove(key: number) {
    setEntries((list) => list.filter((e) => e.key !== key));
    stale();
  }
  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData();
    for (const e of entries) data.append('files', e.file, e.file.name);
    data.set('items', JSON.stringify(entries.map((e) => ({ isin: e.isin.trim().toUpperCase(), typeCode: e.typeCode, locale: e.locale }))));
    data.set('publishedAt', publishedAt);
    data.set('intent', submitter?.value === 'commit' ? 'commit' : 'preview');
    if (canConfirm && state.hash) data.set('previewHash', state.hash);
    startTransition(() => formAction(data));
  }

  return (
    <div>
      <form onSubmit={submit} aria-label={labels.title} className="space-y-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          className={`rounded border-2 border-dashed px-4 py-6 ${over ? 'border-brand bg-slate-50' : 'border-slate-400'}`}
        >
          <p className="mb-2">{labels.drop}</p>
          <Label htmlFor={`${id}-files`}>{labels.file}</Label>
          <Input
            id={`${id}-files`}
            type="file"
            multiple
            accept=".pdf,application/pdf"
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {labels.hint}
          </p>
        </div>
        {entries.length === 0 ? (
          <p className="text-muted">{labels.none}</p>
        ) : (
          <TableGrid caption={labels.caption} captionClassName="text-left font-semibold" headers={[labels.fileCol, labels.isin, labels.type, labels.language, labels.reading, <span key="remove" className="sr-only">{labels.remove}</span>]}>
            {entries.map((e) => (
              <tr key={e.key} className="align-top">
                <Th cell scope="row" className="font-normal break-all">
                  {e.file.name}
                </Th>
                <Td>
                  <Input aria-label={named(labels.isinOf, e.file.name)} value={e.isin} maxLength={12} spellCheck={false} className="w-40" onChange={(event) => change(e.key, { isin: event.currentTarget.value })} />
                </Td>
                <Td>
                  <Select aria-label={named(labels.typeOf, e.file.name)} value={e.typeCode} onChange={(event) => change(e.key, { typeCode: event.currentTarget.value })}>
                    <option value="">{labels.choose}</option>
                    {types.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </Select>
                </Td>
                <Td>
                  <Select aria-label={named(labels.languageOf, e.file.name)} value={e.locale} onChange={(event) => change(e.key, { locale: event.currentTarget.value })}>
                    <option value="">{labels.choose}</option>
                    {locales.map((o) => (
                      <option key={o.value} value={o.value} lang={o.lang}>
                        {o.label}
                      </option>
                    ))}
                  </Select>
                </Td>
                <Td>
                  {e.problems.length === 0 ? (
                    labels.readOk
                  ) : remaining(e).length === 0 ? (
                    labels.corrected
                  ) : (
                    <ul className="list-disc pl-4">
                      {remaining(e).map((p) => (
                        <li key={p}>{problems[p]}</li>
                      ))}
                    </ul>
                  )}
                </Td>
                <Td>
                  <Button type="button" variant="link" aria-label={named(labels.removeOf, e.file.name)} onClick={() => remove(e.key)}>
                    {labels.remove}
                  </Button>
                </Td>
              </tr>
            ))}
          </TableGrid>
        )}
        <div>
          <Label htmlFor={`${id}-date`}>{labels.date}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            required
            value={publishedAt}
            aria-describedby={`${id}-date-hint`}
            onChange={(event) => {
              setPublishedAt(event.currentTarget.value);
              stale();
            }}
          />
          <p id={`${id}-date-hint`} className="mt-1 text-sm text-muted">
            {labels.dateHint}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="preview" disabled={pending || entries.length === 0}>
            {labels.preview}
          </Button>
          {canConfirm && (
            <Button type="submit" name="intent" value="commit" disabled={pending}>
              {labels.confirm}
            </Button>
          )}
        </div>
      </form>
      <div role="status" aria-live="polite" className={fresh && state.status === 'ok' ? 'my-3 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900' : 'sr-only'}>
        {fresh && state.status === 'ok' ? state.message : ''}
      </div>
      {fresh && state.status === 'error' && (
        <div role="alert" className="my-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          <p>{state.message}</p>
          {state.lines && state.lines.length > 0 && (
            <ul aria-label={labels.errors} className="mt-1 list-disc pl-5 text-sm">
              {state.lines.map((l, i) => (
                <li key={`${l.line}-${i}`}>{l.text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {fresh && state.preview}
    </div>
  );
}
