/**
 * The mail the staff receive for a submission: plain text, one line per filled field, in the staff's
 * language (the site's default, fr). Files go as attachments; the text names them.
 */
import type { FormDef } from './fields';
import type { Translate } from './messages';
import type { CleanValues } from './schema';

export type MailLabels = {
  t: Translate;
  /** Labels of run-time options (share classes, investor profiles), by field then value. */
  options: Partial<Record<string, Record<string, string>>>;
  formatDate: (date: Date) => string;
  /** The house's name, which the consent sentences name. */
  company: string;
};

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

function display(form: FormDef, name: string, value: CleanValues[string], labels: MailLabels): string | null {
  const field = form.fields.find((f) => f.name === name);
  if (!field || value === null || value === '' || typeof value === 'boolean') return null;
  const option = (v: string) => labels.options[name]?.[v] ?? (field.kind === 'select' || field.kind === 'checkboxes' ? labels.t(`options.${name}.${v}`) : v);
  if (Array.isArray(value)) return value.length ? value.map(option).join(', ') : null;
  if (typeof value === 'object') return `${value.name} (${kilobytes(value.size)}, ${labels.t('mail.attached')})`;
  return field.kind === 'select' || field.kind === 'radio' ? option(value) : value;
}

export function submissionMail(
  form: FormDef,
  submission: { id: string; locale: string; createdAt: Date; values: CleanValues; unverified: boolean },
  labels: MailLabels,
): { subject: string; text: string } {
  const { t } = labels;
  const kind = t(`kinds.${form.kind}`);
  const v = submission.values;
  const name = [v.firstName, v.lastName].filter((p) => typeof p === 'string' && p).join(' ');
  const subjectLine = typeof v.subject === 'string' && v.subject ? `${name} — ${v.subject}` : name;
  const lines = [t('mail.intro', { kind, date: labels.formatDate(submission.createdAt), locale: submission.locale }), ''];
  for (const field of form.fields) {
    const shown = display(form, field.name, v[field.name] ?? null, labels);
    if (shown === null) continue;
    lines.push(field.kind === 'textarea' ? `${t(`fields.${field.name}`)}:\n${shown}` : `${t(`fields.${field.name}`)}: ${shown}`);
  }
  if (v.validation === true) lines.push('', t('mail.consent', { text: t(`validation.${form.kind}`, { company: labels.company }) }));
  if (submission.unverified) lines.push('', t('mail.unverified'));
  lines.push('', t('mail.reference', { id: submission.id }));
  return { subject: t('mail.subject', { kind, name: subjectLine }), text: lines.join('\n') };
}
