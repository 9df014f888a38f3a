/**
 * Submissions as CSV for the staff, written by src/domain/csv/write.ts: a visitor's text must never
 * execute on a staff computer (OWASP "CSV injection").
 */
import { toCsv, type CsvCell } from '../csv/write';
import { FORMS } from './definitions';

export type ExportRecord = {
  id: string;
  kind: string;
  locale: string;
  createdAt: Date;
  data: Record<string, unknown>;
  attachments: { field: string; fileName: string; size: number; sha256: string }[];
  mail: { sentAt: Date | null; attempts: number; lastError: string | null } | null;
};

/** Every non-file field of every form, in the order the forms show them. */
export const EXPORT_FIELDS: string[] = [
  ...new Set(Object.values(FORMS).flatMap((form) => form.fields.filter((f) => f.kind !== 'file').map((f) => f.name))),
];

const HEADER = ['id', 'created_at', 'form', 'locale', ...EXPORT_FIELDS, 'attachments', 'captcha', 'mail_status', 'mail_attempts', 'mail_sent_at', 'mail_last_error'];

function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function mailStatus(mail: ExportRecord['mail']): string {
  if (!mail) return '';
  if (mail.sentAt) return 'sent';
  return mail.attempts > 0 ? 'retrying' : 'pending';
}

export function submissionsCsv(records: readonly ExportRecord[], delimiter = ','): string {
  const rows = records.map((r) => {
    const fields = (r.data.fields ?? {}) as Record<string, unknown>;
    const captcha = (r.data.captcha as { status?: string } | undefined)?.status ?? '';
    return [
      r.id,
      r.createdAt.toISOString(),
      r.kind,
      r.locale,
      ...EXPORT_FIELDS.map((name) => (typeof fields[name] === 'boolean' ? (fields[name] ? 'yes' : 'no') : fields[name])),
      r.attachments.map((a) => `${a.field}: ${a.fileName} (${a.size} bytes, sha256 ${a.sha256})`).join(' | '),
      captcha,
      mailStatus(r.mail),
      r.mail?.attempts ?? '',
      r.mail?.sentAt?.toISOString() ?? '',
      r.mail?.lastError ?? '',
    ];
  });
  return toCsv([HEADER, ...rows].map((row) => row.map(cell)), { delimiter, bom: false });
}
