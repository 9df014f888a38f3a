import Link from 'next/link';
import { can } from '@/domain/staff/roles';
import { COMPANY_INFO_CODES, type CompanyInfoCode } from '@/domain/content/company-form';
import { IDENTITY_FIELDS, type IdentityField } from '@/domain/content/house-identity';
import { isLegalPage, readyToOpen, setupChecklist, type SetupItem } from '@/domain/setup/checklist';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { getDb } from '@/server/db';
import { setupFacts } from '@/server/setup/queries';
import { readSiteOpen } from '@/server/setup/site-open';
import { staffScreen, staffTitle, type ListProps } from '@/app/admin/(staff)/_screen';
import { setSiteOpenAction } from './_actions';

export const generateMetadata = staffTitle('setup.title');

const DONE = ['opened', 'closed', 'unchanged'] as const;

/**
 * Going live (issue 43, docs/your-own-house.md): what the house must still provide before its site
 * is opened to the public, each with the screen that provides it; and, for admins, the switch between
 * "not yet public" (visitors get a 503 page, staff the site) and open.
 */
export default async function SetupPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams);
  const db = await getDb();
  const [facts, open] = await Promise.all([setupFacts(db), readSiteOpen(db)]);
  const items = setupChecklist(facts);
  const missing = items.filter((item) => !item.done);
  const done = DONE.find((d) => d === query.done);
  const fieldLabel = (code: string) =>
    code === 'title' ? t('company.name') : (COMPANY_INFO_CODES as readonly string[]).includes(code) ? t(`company.info.${code as CompanyInfoCode}`) : (IDENTITY_FIELDS as readonly string[]).includes(code) ? t(`company.identityField.${code as IdentityField}`) : code;
  const detail = (item: SetupItem) =>
    item.code === 'identity'
      ? t('setup.detail.identity', { list: item.missing.map(fieldLabel).join(', '), count: item.missing.length })
      : isLegalPage(item.code)
      ? t(`setup.pageState.${item.missing[0] === 'gaps' ? 'gaps' : 'missing'}`)
      : t(`setup.detail.${item.code}`, { list: item.missing.slice(0, 20).join(', '), count: item.missing.length });
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('setup.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('setup.intro')}</p>
      {done && <Notice tone="success">{t(`setup.done.${done}`)}</Notice>}
      <section aria-labelledby="setup-checklist" className="mt-6 max-w-prose">
        <h2 id="setup-checklist" className="mb-2 text-lg font-semibold">
          {t('setup.checklist')}
        </h2>
        <p className="mb-3">{missing.length === 0 ? t('setup.allDone') : t('setup.missingCount', { count: missing.length })}</p>
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.code} className="rounded border border-slate-300 p-3">
              <p className="font-medium">
                <span className={item.done ? 'text-green-800' : 'text-red-800'}>{item.done ? t('setup.state.done') : t('setup.state.missing')}</span>
                {' — '}
                {t(`setup.items.${item.code}`)}
              </p>
              {!item.done && (
                <>
                  {item.missing.length > 0 && <p className="mt-1 text-sm text-muted">{detail(item)}</p>}
                  <p className="mt-1">
                    <Link href={item.href} className="text-brand underline">
                      {t('setup.fix', { item: t(`setup.items.${item.code}`) })}
                    </Link>
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="setup-public" className="mt-8 max-w-prose">
        <h2 id="setup-public" className="mb-2 text-lg font-semibold">
          {t('setup.public.title')}
        </h2>
        <p className="mb-3">{open ? t('setup.public.open') : t('setup.public.closed')}</p>
        {can(staff.role, 'accounts.manage') ? (
          <form action={setSiteOpenAction}>
            <Input type="hidden" name="open" value={open ? 'false' : 'true'} />
            {!open && !readyToOpen(items) && <p className="mb-3 text-sm">{t('setup.public.openAnyway', { count: missing.length })}</p>}
            <Button>{open ? t('setup.public.close') : t('setup.public.openNow')}</Button>
          </form>
        ) : (
          <p className="text-muted">{t('setup.public.adminOnly')}</p>
        )}
      </section>
    </>
  );
}
