import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { buttonClass, inputClass, labelClass, tableClass, tdClass, thClass } from '@/components/admin/notice';
import { queryText } from '@/server/auth/flash';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listFundsForStaff, referenceLists } from '@/server/funds/staff-queries';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('funds.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every fund, archived ones included, with filters on category and state (query string). */
export default async function FundsPage({ searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const query = await searchParams;
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  const [rows, refs] = await Promise.all([listFundsForStaff(db), referenceLists(db)]);
  const category = queryText(query, 'category');
  const state = queryText(query, 'state');
  const shown = rows.filter((r) => (!category || r.categoryCode === category) && (state === 'active' ? r.active : state === 'archived' ? !r.active : true));
  const categoryTitle = new Map(refs.categories.map((c) => [c.code, c.title[staff.locale] ?? c.title.fr]));
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('funds.title')}</h1>
      {can(staff.role, 'funds.write') && (
        <p className="mb-4">
          <Link href="/admin/funds/new" className={`${buttonClass} inline-block`}>
            {t('funds.new')}
          </Link>
        </p>
      )}
      <form method="get" action="/admin/funds" aria-label={t('funds.filters')} className="mb-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="category" className={labelClass}>
            {t('funds.fields.category')}
          </label>
          <select id="category" name="category" defaultValue={category} className={inputClass}>
            <option value="">{t('audit.all')}</option>
            {refs.categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.title[staff.locale] ?? c.title.fr}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="state" className={labelClass}>
            {t('funds.state')}
          </label>
          <select id="state" name="state" defaultValue={state} className={inputClass}>
            <option value="">{t('audit.all')}</option>
            <option value="active">{t('funds.activeState')}</option>
            <option value="archived">{t('funds.archivedState')}</option>
          </select>
        </div>
        <button type="submit" className={buttonClass}>
          {t('funds.filter')}
        </button>
      </form>
      <table className={tableClass}>
        <caption className="sr-only">{t('funds.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>{t('funds.fields.title')}</th>
            <th scope="col" className={thClass}>{t('funds.fields.category')}</th>
            <th scope="col" className={thClass}>{t('funds.sriShort')}</th>
            <th scope="col" className={thClass}>{t('funds.sfdrShort')}</th>
            <th scope="col" className={thClass}>{t('funds.state')}</th>
            <th scope="col" className={thClass}>{t('funds.shareCount')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.id}>
              <td className={tdClass}>
                <Link href={`/admin/funds/${row.id}`} className="text-brand underline">
                  {row.title[staff.locale] ?? row.title.fr}
                </Link>
              </td>
              <td className={tdClass}>{categoryTitle.get(row.categoryCode) ?? row.categoryCode}</td>
              <td className={tdClass}>{row.riskLevel}</td>
              <td className={tdClass}>{row.sfdrArticle}</td>
              <td className={tdClass}>{row.active ? t('funds.activeState') : t('funds.archivedState')}</td>
              <td className={tdClass}>{row.shareCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="mt-4">{t('funds.none')}</p>}
    </>
  );
}
