import { notFound } from 'next/navigation';
import { can, ROLES } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { Notice } from '@/components/ui/notice';
import { SessionsTable } from '@/components/admin/sessions-table';
import { findAccount, listSessions } from '@/server/auth/accounts';
import { flash, formatDateTime } from '@/server/auth/flash';
import { ssoSettings } from '@/server/auth/sso';
import { ssoLinkState } from '@/server/auth/sso-link';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { allowAccountSso, changeAccountRole, removeAccountSso, revokeAccountSessions, setAccountDisabled } from '@/app/admin/(staff)/accounts/_actions';
import { sessionLabels, sessionViews } from '@/app/admin/(staff)/accounts/_sessions-view';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/field';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('accounts.title');

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One account: its role, whether it is enabled, its single sign-on link, and its sessions (admins change them). */
export default async function AccountPage({ params, searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { id } = await params;
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  const account = await findAccount(db, id);
  if (!account) notFound();
  const sessions = await listSessions(db, account.id);
  const manage = can(staff.role, 'accounts.manage');
  const sso = ssoSettings();
  const ssoLink = sso ? await ssoLinkState(db, account.id) : null;
  const done = flash(query, 'done', ['roleSaved', 'disabledDone', 'enabledDone', 'revoked', 'ssoAllowedDone', 'ssoRemovedDone'] as const);
  const error = flash(query, 'error', ['lastAdmin', 'notFound'] as const);
  return (
    <>
      <BackLink href="/admin/accounts">{t('accounts.back')}</BackLink>
      <h1 className="mb-4 break-all text-2xl font-semibold">{account.email}</h1>
      {done && <Notice tone="success">{done === 'revoked' ? t('sessions.revoked') : t(`accounts.${done}`)}</Notice>}
      {error && <Notice tone="error">{t(`accounts.${error}`)}</Notice>}
      <dl className="grid max-w-md grid-cols-2 gap-2">
        <dt className="font-medium">{t('accounts.role')}</dt>
        <dd>{account.role ? t(`roles.${account.role as 'admin'}`) : t('accounts.waitingRole')}</dd>
        <dt className="font-medium">{t('accounts.status')}</dt>
        <dd>{account.disabledAt ? t('accounts.disabled') : account.hasPassword ? t('accounts.active') : t('accounts.pending')}</dd>
        <dt className="font-medium">{t('accounts.twoFactor')}</dt>
        <dd>{account.twoFactorEnabled ? t('accounts.yes') : t('accounts.no')}</dd>
        {ssoLink && (
          <>
            <dt className="font-medium">{t('accounts.sso')}</dt>
            <dd>
              {ssoLink.linked
                ? t('accounts.ssoLinked')
                : ssoLink.allowedUntil
                  ? t('accounts.ssoAllowed', { date: formatDateTime(staff.locale, ssoLink.allowedUntil) })
                  : t('accounts.ssoNotLinked')}
            </dd>
          </>
        )}
      </dl>
      {manage && (
        <div className="mt-6 flex flex-wrap items-end gap-6">
          <form action={changeAccountRole} className="flex items-end gap-2">
            <Input type="hidden" name="id" value={account.id} />
            <div>
              <Label htmlFor="role">
                {t('accounts.changeRole')}
              </Label>
              <Select id="role" name="role" defaultValue={account.role ?? 'reader'}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit">
              {t('accounts.saveRole')}
            </Button>
          </form>
          <form action={setAccountDisabled}>
            <Input type="hidden" name="id" value={account.id} />
            <Input type="hidden" name="disabled" value={account.disabledAt ? '0' : '1'} />
            <Button variant={account.disabledAt ? 'primary' : 'danger'} type="submit">
              {account.disabledAt ? t('accounts.enable') : t('accounts.disable')}
            </Button>
          </form>
        </div>
      )}
      {manage && sso && ssoLink && (
        <section aria-labelledby="sso-title" className="mt-8 max-w-2xl">
          <h2 id="sso-title" className="mb-2 text-lg font-semibold">
            {t('accounts.sso')}
          </h2>
          {ssoLink.linked || ssoLink.allowedUntil ? (
            <form action={removeAccountSso}>
              <Input type="hidden" name="id" value={account.id} />
              <Button variant="danger" type="submit">
                {t('accounts.removeSso')}
              </Button>
            </form>
          ) : (
            <form action={allowAccountSso}>
              <Input type="hidden" name="id" value={account.id} />
              <p id="sso-hint" className="mb-2">
                {t('accounts.allowSsoHint', { provider: sso.name })}
              </p>
              <Button type="submit" aria-describedby="sso-hint">
                {t('accounts.allowSso')}
              </Button>
            </form>
          )}
        </section>
      )}
      <SessionsTable
        userId={account.id}
        sessions={sessionViews(staff.locale, sessions, staff.sessionId)}
        canRevoke={manage || account.id === staff.id}
        revoke={revokeAccountSessions}
        labels={sessionLabels(t)}
      />
    </>
  );
}
