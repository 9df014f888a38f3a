import Link from 'next/link';
import { isMailState, MAIL_STATES, mailState, pageNumber } from '@/domain/forms/inbox';
import { can } from '@/domain/staff/roles';
import { AdminList, type Column } from '@/components/admin/admin-list';
import { Button } from '@/components/ui/button';
import { formatDateTime, queryText } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { listOutbox } from '@/server/inbox/queries';
import { retryMail } from '@/app/admin/(staff)/inbox/_actions';
import { Input } from '@/components/ui/field';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('outbox.title');

type Row = Awaited<ReturnType<typeof listOutbox>>['rows'][number];

/** Every mail of the outbox with its kind and delivery state (never its text), newest first, filtered by state; "Retry now" for unsent ones. */
export default async function OutboxPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('submissions.read', searchParams);
  const stateParam = queryText(query, 'state');
  const state = isMailState(stateParam) ? stateParam : undefined;
  const result = await listOutbox(await getDb(), state, pageNumber(query.page));
  const handles = can(staff.role, 'submissions.handle');
  const columns: Column<Row>[] = [
    { key: 'created', header: t('outbox.created'), cell: (mail) => formatDateTime(staff.locale, mail.createdAt), className: 'whitespace-nowrap' },
    { key: 'to', header: t('outbox.to'), cell: (mail) => mail.to, className: 'break-all' },
    { key: 'kind', header: t('outbox.kind'), cell: (mail) => t(`outbox.kinds.${mail.kind}`) },
    { key: 'subject', header: t('outbox.subject'), cell: (mail) => mail.subject },
    {
      key: 'state',
      header: t('outbox.state'),
      cell: (mail) => (
        <>
          {t(`outbox.states.${mailState(mail)}`)}
          {mail.sentAt && <span className="block text-xs text-muted">{formatDateTime(staff.locale, mail.sentAt)}</span>}
          {mailState(mail) === 'failing' && (
            <span className="block text-xs text-muted">
              {t('outbox.nextAttempt')}: {formatDateTime(staff.locale, mail.nextAttemptAt)}
            </span>
          )}
        </>
      ),
    },
    { key: 'attempts', header: t('outbox.attempts'), cell: (mail) => mail.attempts },
    { key: 'lastError', header: t('outbox.lastError'), cell: (mail) => mail.lastError ?? '', className: 'max-w-xs break-words text-xs' },
    {
      key: 'submission',
      header: t('outbox.submission'),
      cell: (mail) => (
        <>
          {mail.submissionId && (
            <Link href={`/admin/inbox/${mail.submissionId}`} className="text-brand underline">
              {t('outbox.submission')}
            </Link>
          )}
          {handles && mailState(mail) !== 'sent' && (
            <form action={retryMail.bind(null, '/admin/outbox')} className="mt-1">
              <Input type="hidden" name="mail" value={mail.id} />
              <Button variant="link" aria-label={t('outbox.retryMail', { to: mail.to })}>
                {t('outbox.retry')}
              </Button>
            </form>
          )}
        </>
      ),
    },
  ];
  return (
    <AdminList
      title={t('outbox.title')}
      intro={[t('outbox.intro'), t('outbox.noBodies')]}
      query={query}
      flash={{ done: { retried: t('outbox.retried') }, error: { notRetried: t('outbox.notRetried') } }}
      filters={{
        path: '/admin/outbox',
        label: t('inbox.filters'),
        apply: t('outbox.apply'),
        fields: [{ name: 'state', type: 'select', label: t('outbox.state'), value: state, options: [{ value: '', label: t('outbox.allStates') }, ...MAIL_STATES.map((s) => ({ value: s, label: t(`outbox.states.${s}`) }))] }],
      }}
      count={t('outbox.count', { total: result.total })}
      caption={t('outbox.caption')}
      columns={columns}
      rows={result.rows}
      rowKey={(mail) => mail.id}
      empty={t('outbox.empty')}
      paging={{ label: t('inbox.pagination'), previous: t('inbox.previous'), next: t('inbox.next'), current: t('inbox.page', { page: result.page, pages: result.pages }), page: result.page, pages: result.pages }}
    />
  );
}
