import { can, TOKEN_SCOPES } from '@/domain/staff/roles';
import { AdminList, type Column } from '@/components/admin/admin-list';
import { TokenForm } from '@/components/admin/token-form';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/server/auth/flash';
import { listApiTokens, MAX_TOKEN_DAYS } from '@/server/auth/tokens';
import { getDb } from '@/server/db';
import { createToken, revokeToken, takeOverToken } from './_actions';
import { Input } from '@/components/ui/field';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('tokens.title');

type Row = Awaited<ReturnType<typeof listApiTokens>>[number];

/** Import-API tokens: listed for every role, created and revoked by admins. */
export default async function TokensPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams);
  const tokens = await listApiTokens(await getDb());
  const manage = can(staff.role, 'accounts.manage');
  const now = new Date();
  const statusOf = (token: Row) => (token.revokedAt ? 'revokedStatus' : token.expiresAt <= now ? 'expired' : 'valid');
  const columns: Column<Row>[] = [
    { key: 'name', header: t('tokens.name'), cell: (token) => token.name },
    { key: 'scope', header: t('tokens.scope'), cell: (token) => t(`tokens.scopes.${token.scope as 'navs'}`) },
    { key: 'prefix', header: t('tokens.prefix'), cell: (token) => `${token.prefix}…`, className: 'font-mono' },
    { key: 'expires', header: t('tokens.expires'), cell: (token) => formatDateTime(staff.locale, token.expiresAt) },
    { key: 'lastUsed', header: t('tokens.lastUsed'), cell: (token) => (token.lastUsedAt ? formatDateTime(staff.locale, token.lastUsedAt) : t('tokens.never')) },
    { key: 'status', header: t('tokens.status'), cell: (token) => t(`tokens.${statusOf(token)}`) },
    { key: 'owner', header: t('tokens.owner'), cell: (token) => token.ownerEmail ?? t('tokens.ownerNone') },
  ];
  if (manage) {
    columns.push({
      key: 'manage',
      header: t('sessions.revoke'),
      headerHidden: true,
      cell: (token) =>
        statusOf(token) !== 'revokedStatus' && (
          <div className="flex flex-wrap gap-2">
            {token.ownerId !== staff.id && (
              <form action={takeOverToken}>
                <Input type="hidden" name="id" value={token.id} />
                <Button aria-label={t('tokens.takeOverLabel', { name: token.name })}>{t('tokens.takeOver')}</Button>
              </form>
            )}
            <form action={revokeToken}>
              <Input type="hidden" name="id" value={token.id} />
              <Button variant="danger" aria-label={t('tokens.revoke', { name: token.name })}>
                {t('sessions.revoke')}
              </Button>
            </form>
          </div>
        ),
    });
  }
  return (
    <AdminList
      title={t('tokens.title')}
      intro={[t('tokens.intro')]}
      query={query}
      flash={{ done: { revoked: t('tokens.revoked'), takenOver: t('tokens.takenOver') } }}
      caption={t('tokens.caption')}
      columns={columns}
      rows={tokens}
      rowKey={(token) => token.id}
      empty={t('tokens.none')}
    >
      {manage && (
        <TokenForm
          action={createToken}
          maxDays={MAX_TOKEN_DAYS}
          scopes={TOKEN_SCOPES.map((s) => ({ value: s, label: t(`tokens.scopes.${s}`) }))}
          labels={{
            heading: t('tokens.create'),
            name: t('tokens.name'),
            scope: t('tokens.scope'),
            days: t('tokens.days'),
            submit: t('tokens.submit'),
            created: t('tokens.created'),
            token: t('tokens.token'),
            invalid: t('tokens.invalid', { max: MAX_TOKEN_DAYS }),
          }}
        />
      )}
    </AdminList>
  );
}
