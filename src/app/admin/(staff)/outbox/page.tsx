import type { Metadata } from 'next';
import Link from 'next/link';
import { isMailState, MAIL_STATES, mailState, pageNumber } from '@/domain/inbox';
import { can } from '@/domain/roles';
import { adminTranslator } from '@/i18n/admin';
import { Pagination } from '@/components/admin/pagination';
import { SelectField } from '@/components/admin/select-field';
import { buttonClass, Notice, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { flash, formatDateTime, queryText } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listOutbox } from '@/server/queries/inbox';
import { retryMail } from '../../inbox-actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('outbox.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every mail of the outbox with its kind and delivery state (never its text), newest first, filtered by state; "Retry now" for unsent ones. */
export default async function OutboxPage({ searchParams }: Props) {
  const staff = await requireStaff('submissions.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const stateParam = queryText(query, 'state');
  const state = isMailState(stateParam) ? stateParam : undefined;
  const result = await listOutbox(await getDb(), state, pageNumber(query.page));
  const handles = can(staff.role, 'submissions.handle');
  const done = flash(query, 'done', ['retried'] as const);
  const error = flash(query, 'error', ['notRetried'] as const);
  const pageHref = (page: number) => `/admin/outbox?${new URLSearchParams({ ...(state ? { state } : {}), page: String(page) }).toString()}`;
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('outbox.title')}</h1>
      <p className="mb-2 max-w-prose text-muted">{t('outbox.intro')}</p>
      <p className="mb-4 max-w-prose text-muted">{t('outbox.noBodies')}</p>
      {done && <Notice tone="success">{t('outbox.retried')}</Notice>}
      {error && <Notice tone="error">{t('outbox.notRetried')}</Notice>}
      <form method="get" action="/admin/outbox" aria-label={t('inbox.filters')} className="mb-6 flex flex-wrap items-end gap-4">
        <SelectField
          id="state"
          label={t('outbox.state')}
          value={state}
          options={[{ value: '', label: t('outbox.allStates') }, ...MAIL_STATES.map((s) => ({ value: s, label: t(`outbox.states.${s}`) }))]}
        />
        <button type="submit" className={buttonClass}>
          {t('outbox.apply')}
        </button>
      </form>
      <p role="status" className="mb-2">
        {t('outbox.count', { total: result.total })}
      </p>
      {result.rows.length === 0 ? (
        <p>{t('outbox.empty')}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('outbox.caption')} tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">{t('outbox.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('outbox.created')}</th>
                <th scope="col" className={thClass}>{t('outbox.to')}</th>
                <th scope="col" className={thClass}>{t('outbox.kind')}</th>
                <th scope="col" className={thClass}>{t('outbox.subject')}</th>
                <th scope="col" className={thClass}>{t('outbox.state')}</th>
                <th scope="col" className={thClass}>{t('outbox.attempts')}</th>
                <th scope="col" className={thClass}>{t('outbox.lastError')}</th>
                <th scope="col" className={thClass}>{t('outbox.submission')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((mail) => {
                const mailStatus = mailState(mail);
                return (
                  <tr key={mail.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(staff.locale, mail.createdAt)}</td>
                    <td className={`${tdClass} break-all`}>{mail.to}</td>
                    <td className={tdClass}>{t(`outbox.kinds.${mail.kind}`)}</td>
                    <td className={tdClass}>{mail.subject}</td>
                    <td className={tdClass}>
                      {t(`outbox.states.${mailStatus}`)}
                      {mail.sentAt && <span className="block text-xs text-muted">{formatDateTime(staff.locale, mail.sentAt)}</span>}
                      {mailStatus === 'failing' && (
                        <span className="block text-xs text-muted">
                          {t('outbox.nextAttempt')}: {formatDateTime(staff.locale, mail.nextAttemptAt)}
                        </span>
                      )}
                    </td>
                    <td className={tdClass}>{mail.attempts}</td>
                    <td className={`${tdClass} max-w-xs break-words text-xs`}>{mail.lastError ?? ''}</td>
                    <td className={tdClass}>
                      {mail.submissionId && (
                        <Link href={`/admin/inbox/${mail.submissionId}`} className="text-brand underline">
                          {t('outbox.submission')}
                        </Link>
                      )}
                      {handles && mailStatus !== 'sent' && (
                        <form action={retryMail.bind(null, '/admin/outbox')} className="mt-1">
                          <input type="hidden" name="mail" value={mail.id} />
                          <button type="submit" aria-label={t('outbox.retryMail', { to: mail.to })} className="text-brand underline">
                            {t('outbox.retry')}
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label={t('inbox.pagination')}
        previous={t('inbox.previous')}
        next={t('inbox.next')}
        current={t('inbox.page', { page: result.page, pages: result.pages })}
        page={result.page}
        pages={result.pages}
        href={pageHref}
      />
    </>
  );
}
