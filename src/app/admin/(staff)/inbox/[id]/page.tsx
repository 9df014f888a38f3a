import { notFound } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { SUBMISSION_STATUSES, mailState, submitterName } from '@/domain/forms/inbox';
import { adminTranslator } from '@/i18n/admin';
import { formLabels } from '@/i18n/form-labels';
import { Input, SelectField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { flash, formatDateTime } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { assignableStaff, getInboxItem } from '@/server/inbox/queries';
import { handleSubmission, retryMail } from '@/app/admin/(staff)/inbox/_actions';
import { Button } from '@/components/ui/button';
import { TableGrid, Td, Th } from '@/components/ui/table';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('inbox.title');

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** One submission: what the visitor sent, its files (downloaded, never shown), its handling and its mails. */
export default async function SubmissionPage({ params, searchParams }: Props) {
  const staff = await requireStaff('submissions.read');
  const { id } = await params;
  const query = await searchParams;
  const db = await getDb();
  const item = await getInboxItem(db, id);
  if (!item) notFound();
  const t = adminTranslator(staff.locale);
  const forms = formLabels(staff.locale);
  type FormKey = Parameters<typeof forms>[0];
  const label = (name: string) => (forms.has(`fields.${name}` as FormKey) ? forms(`fields.${name}` as FormKey) : name);
  const show = (name: string, value: unknown): string => {
    if (typeof value === 'boolean') return value ? t('inbox.detail.yes') : t('inbox.detail.no');
    if (Array.isArray(value)) return value.map((v) => show(name, v)).join(', ');
    const text = value === null || value === undefined ? '' : String(value);
    const option = `options.${name}.${text}` as FormKey;
    return forms.has(option) ? `${forms(option)} (${text})` : text;
  };
  const name = submitterName(item.fields) || item.id;
  const handles = can(staff.role, 'submissions.handle');
  const staffList = handles ? await assignableStaff(db) : [];
  const done = flash(query, 'done', ['saved', 'unchanged', 'retried'] as const);
  const error = flash(query, 'error', ['assignee', 'status', 'notRetried'] as const);
  const base = `/admin/inbox/${item.id}`;
  return (
    <>
      <BackLink href="/admin/inbox">{t('inbox.detail.back')}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{t('inbox.detail.title', { name })}</h1>
      <p className="mb-4 text-muted">
        {t('inbox.detail.received', { date: formatDateTime(staff.locale, item.createdAt), locale: t(`language.${item.locale as 'fr'}`), form: forms(`kinds.${item.kind as 'contact'}`) })}
      </p>
      {done === 'saved' && <Notice tone="success">{t('inbox.detail.saved')}</Notice>}
      {done === 'unchanged' && <Notice tone="success">{t('inbox.detail.unchanged')}</Notice>}
      {done === 'retried' && <Notice tone="success">{t('outbox.retried')}</Notice>}
      {error === 'notRetried' && <Notice tone="error">{t('outbox.notRetried')}</Notice>}
      {(error === 'assignee' || error === 'status') && <Notice tone="error">{t('inbox.detail.invalidAssignee')}</Notice>}

      <TableGrid className="mb-6 max-w-3xl" caption={t('inbox.detail.fieldsCaption')} captionClassName="mb-2 text-left text-lg font-semibold" headers={[t('inbox.detail.field'), t('inbox.detail.value')]}>
        {Object.entries(item.fields).map(([field, value]) => (
          <tr key={field}>
            <Th cell scope="row" className="font-medium">{label(field)}</Th>
            <Td className="whitespace-pre-wrap break-words">{show(field, value)}</Td>
          </tr>
        ))}
      </TableGrid>
      {item.captcha && <p className="mb-6 text-sm text-muted">{t('inbox.detail.captcha', { status: item.captcha })}</p>}

      <h2 className="mb-2 text-lg font-semibold">{t('inbox.detail.filesTitle')}</h2>
      {item.files.length === 0 ? (
        <p className="mb-6">{t('inbox.detail.noFiles')}</p>
      ) : (
        <ul className="mb-6 list-disc pl-5">
          {item.files.map((file) => (
            <li key={file.id}>
              <a href={`${base}/files/${file.id}`} download={file.fileName} className="text-brand underline">
                {t('inbox.detail.download', { name: file.fileName, size: size(file.size) })}
              </a>{' '}
              <span className="text-sm text-muted">
                ({label(file.field)}, {file.mimeType}, sha256 {file.sha256.slice(0, 12)}…)
              </span>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mb-2 text-lg font-semibold">{t('inbox.detail.handling')}</h2>
      <p className="mb-2">
        {item.handledBy && item.handledAt ? t('inbox.detail.lastChange', { who: item.handledBy, date: formatDateTime(staff.locale, item.handledAt) }) : t('inbox.detail.neverHandled')}
      </p>
      {handles ? (
        <form action={handleSubmission.bind(null, item.id)} aria-label={t('inbox.detail.handling')} className="mb-6 flex flex-wrap items-end gap-4">
          <SelectField id="status" label={t('inbox.status')} value={item.status} options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`inbox.statuses.${s}`) }))} />
          <SelectField
            id="assignee"
            label={t('inbox.assignee')}
            value={item.assigneeId ?? ''}
            options={[{ value: '', label: t('inbox.nobody') }, ...staffList.map((s) => ({ value: s.id, label: s.email }))]}
          />
          <Button type="submit">
            {t('inbox.detail.save')}
          </Button>
        </form>
      ) : (
        <p className="mb-6">
          {t('inbox.status')}: {t(`inbox.statuses.${item.status}`)}
        </p>
      )}

      <h2 className="mb-2 text-lg font-semibold">{t('inbox.detail.mailsTitle')}</h2>
      {item.mails.length === 0 ? (
        <p>{t('inbox.detail.noMails')}</p>
      ) : (
        <ul className="space-y-2">
          {item.mails.map((mail) => {
            const state = mailState(mail);
            return (
              <li key={mail.id} className="rounded border border-slate-200 p-3">
                <p>
                  <strong>{t(`outbox.states.${state}`)}</strong> · {t('outbox.to')}: {mail.to} · {t('outbox.attempts')}: {mail.attempts}
                  {mail.sentAt && ` · ${t('outbox.sentAt')}: ${formatDateTime(staff.locale, mail.sentAt)}`}
                </p>
                {state === 'failing' && (
                  <p className="text-sm">
                    {t('outbox.lastError')}: {mail.lastError} · {t('outbox.nextAttempt')}: {formatDateTime(staff.locale, mail.nextAttemptAt)}
                  </p>
                )}
                {handles && state !== 'sent' && (
                  <form action={retryMail.bind(null, base)} className="mt-2">
                    <Input type="hidden" name="mail" value={mail.id} />
                    <Button type="submit" aria-label={t('outbox.retryMail', { to: mail.to })}>
                      {t('outbox.retry')}
                    </Button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
