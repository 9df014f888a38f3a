import Link from 'next/link';
import { SUPPORTED_LOCALES } from '@/env';
import { can, ROLES } from '@/domain/staff/roles';
import { AdminList, type Column } from '@/components/admin/admin-list';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { listAccounts } from '@/server/auth/accounts';
import { formatDateTime, queryText } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { inviteAccount } from './_actions';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('accounts.title');

type Row = Awaited<ReturnType<typeof listAccounts>>[number];

/** Staff accounts: everyone signed in sees them; only admins invite and manage. */
export default async function AccountsPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams);
  const rows = await listAccounts(await getDb());
  const manage = can(staff.role, 'accounts.manage');
  const columns: Column<Row>[] = [
    {
      key: 'email',
      header: t('accounts.email'),
      cell: (row) => (
        <Link href={`/admin/accounts/${row.id}`} className="text-brand underline" aria-label={t('accounts.manage', { email: row.email })}>
          {row.email}
        </Link>
      ),
    },
    { key: 'role', header: t('accounts.role'), cell: (row) => (row.role ? t(`roles.${row.role as 'admin'}`) : t('accounts.waitingRole')) },
    { key: 'status', header: t('accounts.status'), cell: (row) => (row.disabledAt ? t('accounts.disabled') : row.hasPassword ? t('accounts.active') : t('accounts.pending')) },
    { key: 'twoFactor', header: t('accounts.twoFactor'), cell: (row) => (row.twoFactorEnabled ? t('accounts.yes') : t('accounts.no')) },
    { key: 'started', header: t('sessions.started'), cell: (row) => formatDateTime(staff.locale, row.createdAt) },
  ];
  return (
    <AdminList
      title={t('accounts.title')}
      query={query}
      flash={{ done: { invited: t('accounts.invited', { email: queryText(query, 'email') }) }, error: { exists: t('accounts.exists'), email: t('errors.email') } }}
      caption={t('accounts.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
    >
      {manage && (
        <section aria-labelledby="invite-title" className="mt-10 max-w-xl">
          <h2 id="invite-title" className="mb-2 text-xl font-semibold">
            {t('accounts.invite')}
          </h2>
          <p className="mb-4 text-muted">{t('accounts.inviteIntro')}</p>
          <form action={inviteAccount} className="space-y-4">
            <Field id="invite-email" name="email" type="email" required label={t('accounts.email')} />
            <Field id="invite-role" name="role" type="select" value="reader" label={t('accounts.role')} options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
            <Field id="invite-locale" name="locale" type="select" value={staff.locale} label={t('accounts.language')} options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`), lang: l }))} />
            <Button>{t('accounts.submitInvite')}</Button>
          </form>
        </section>
      )}
    </AdminList>
  );
}
