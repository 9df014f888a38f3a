import type { Metadata } from 'next';
import Link from 'next/link';
import { SUPPORTED_LOCALES } from '@/env';
import { can, ROLES } from '@/domain/roles';
import { adminTranslator } from '@/i18n/admin';
import { buttonClass, inputClass, labelClass, Notice, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { listAccounts } from '@/server/auth/accounts';
import { flash, formatDateTime, queryText } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { inviteAccount } from '../../actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('accounts.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Staff accounts: everyone signed in sees them; only admins invite and manage. */
export default async function AccountsPage({ searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const rows = await listAccounts(await getDb());
  const manage = can(staff.role, 'accounts.manage');
  const done = flash(query, 'done', ['invited'] as const);
  const error = flash(query, 'error', ['exists', 'email'] as const);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('accounts.title')}</h1>
      {done && <Notice tone="success">{t('accounts.invited', { email: queryText(query, 'email') })}</Notice>}
      {error && <Notice tone="error">{error === 'exists' ? t('accounts.exists') : t('errors.email')}</Notice>}
      <table className={tableClass}>
        <caption className="sr-only">{t('accounts.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>{t('accounts.email')}</th>
            <th scope="col" className={thClass}>{t('accounts.role')}</th>
            <th scope="col" className={thClass}>{t('accounts.status')}</th>
            <th scope="col" className={thClass}>{t('accounts.twoFactor')}</th>
            <th scope="col" className={thClass}>{t('sessions.started')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={tdClass}>
                <Link href={`/admin/accounts/${row.id}`} className="text-brand underline" aria-label={t('accounts.manage', { email: row.email })}>
                  {row.email}
                </Link>
              </td>
              <td className={tdClass}>{row.role ? t(`roles.${row.role as 'admin'}`) : t('accounts.waitingRole')}</td>
              <td className={tdClass}>
                {row.disabledAt ? t('accounts.disabled') : row.hasPassword ? t('accounts.active') : t('accounts.pending')}
              </td>
              <td className={tdClass}>{row.twoFactorEnabled ? t('accounts.yes') : t('accounts.no')}</td>
              <td className={tdClass}>{formatDateTime(staff.locale, row.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {manage && (
        <section aria-labelledby="invite-title" className="mt-10 max-w-xl">
          <h2 id="invite-title" className="mb-2 text-xl font-semibold">
            {t('accounts.invite')}
          </h2>
          <p className="mb-4 text-muted">{t('accounts.inviteIntro')}</p>
          <form action={inviteAccount} className="space-y-4">
            <div>
              <label htmlFor="invite-email" className={labelClass}>
                {t('accounts.email')}
              </label>
              <input id="invite-email" name="email" type="email" required className={inputClass} />
            </div>
            <div>
              <label htmlFor="invite-role" className={labelClass}>
                {t('accounts.role')}
              </label>
              <select id="invite-role" name="role" defaultValue="reader" className={inputClass}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="invite-locale" className={labelClass}>
                {t('accounts.language')}
              </label>
              <select id="invite-locale" name="locale" defaultValue={staff.locale} className={inputClass}>
                {SUPPORTED_LOCALES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {t(`language.${l}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass}>
              {t('accounts.submitInvite')}
            </button>
          </form>
        </section>
      )}
    </>
  );
}
