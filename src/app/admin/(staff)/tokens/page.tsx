import type { Metadata } from 'next';
import { can, TOKEN_SCOPES } from '@/domain/roles';
import { adminTranslator } from '@/i18n/admin';
import { buttonClass, dangerButtonClass, Notice, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { TokenForm } from '@/components/admin/token-form';
import { flash, formatDateTime } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { listApiTokens, MAX_TOKEN_DAYS } from '@/server/auth/tokens';
import { getDb } from '@/server/db';
import { createToken, revokeToken, takeOverToken } from '../../actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('tokens.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Import-API tokens: listed for every role, created and revoked by admins. */
export default async function TokensPage({ searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const tokens = await listApiTokens(await getDb());
  const manage = can(staff.role, 'accounts.manage');
  const now = new Date();
  const done = flash(query, 'done', ['revoked', 'takenOver'] as const);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('tokens.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('tokens.intro')}</p>
      {done && <Notice tone="success">{t(done === 'takenOver' ? 'tokens.takenOver' : 'tokens.revoked')}</Notice>}
      {tokens.length === 0 ? (
        <p>{t('tokens.none')}</p>
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">{t('tokens.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>{t('tokens.name')}</th>
              <th scope="col" className={thClass}>{t('tokens.scope')}</th>
              <th scope="col" className={thClass}>{t('tokens.prefix')}</th>
              <th scope="col" className={thClass}>{t('tokens.expires')}</th>
              <th scope="col" className={thClass}>{t('tokens.lastUsed')}</th>
              <th scope="col" className={thClass}>{t('tokens.status')}</th>
              <th scope="col" className={thClass}>{t('tokens.owner')}</th>
              {manage && <th scope="col" className={thClass}><span className="sr-only">{t('sessions.revoke')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => {
              const status = token.revokedAt ? 'revokedStatus' : token.expiresAt <= now ? 'expired' : 'valid';
              return (
                <tr key={token.id}>
                  <td className={tdClass}>{token.name}</td>
                  <td className={tdClass}>{t(`tokens.scopes.${token.scope as 'navs'}`)}</td>
                  <td className={`${tdClass} font-mono`}>{token.prefix}…</td>
                  <td className={tdClass}>{formatDateTime(staff.locale, token.expiresAt)}</td>
                  <td className={tdClass}>{token.lastUsedAt ? formatDateTime(staff.locale, token.lastUsedAt) : t('tokens.never')}</td>
                  <td className={tdClass}>{t(`tokens.${status}`)}</td>
                  <td className={tdClass}>{token.ownerEmail ?? t('tokens.ownerNone')}</td>
                  {manage && (
                    <td className={tdClass}>
                      {status !== 'revokedStatus' && (
                        <div className="flex flex-wrap gap-2">
                          {token.ownerId !== staff.id && (
                            <form action={takeOverToken}>
                              <input type="hidden" name="id" value={token.id} />
                              <button type="submit" className={buttonClass} aria-label={t('tokens.takeOverLabel', { name: token.name })}>
                                {t('tokens.takeOver')}
                              </button>
                            </form>
                          )}
                          <form action={revokeToken}>
                            <input type="hidden" name="id" value={token.id} />
                            <button type="submit" className={dangerButtonClass} aria-label={t('tokens.revoke', { name: token.name })}>
                              {t('sessions.revoke')}
                            </button>
                          </form>
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
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
    </>
  );
}
