import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/domain/roles';
import { adminTranslator } from '@/i18n/admin';
import { tableClass, tdClass, thClass } from '@/components/admin/notice';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listPagesForStaff } from '@/server/queries/pages-admin';
import { publicPagePath } from '../../page-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('pages.title') };
}

/** Every page of the site and the disclaimers: edit (content.write), history and preview (every role). */
export default async function PagesPage() {
  const staff = await requireStaff('backoffice.read');
  const t = adminTranslator(staff.locale);
  const rows = await listPagesForStaff(await getDb());
  const editable = can(staff.role, 'content.write');
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('pages.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('pages.intro')}</p>
      <table className={tableClass}>
        <caption className="sr-only">{t('pages.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>{t('pages.page')}</th>
            <th scope="col" className={thClass}>{t('pages.code')}</th>
            <th scope="col" className={thClass}>{t('pages.versions')}</th>
            <th scope="col" className={thClass}>{t('pages.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const title = row.title[staff.locale] || row.title.fr;
            const path = publicPagePath(row.code, staff.locale);
            return (
              <tr key={row.code}>
                <th scope="row" className={`${tdClass} font-medium`}>
                  {title}
                </th>
                <td className={tdClass}>
                  <code>{row.code}</code>
                </td>
                <td className={tdClass}>{row.versions}</td>
                <td className={tdClass}>
                  <ul className="flex flex-wrap gap-x-4 gap-y-1">
                    {editable && (
                      <li>
                        <Link href={`/admin/pages/${row.code}`} className="text-brand underline" aria-label={`${t('pages.edit')}: ${title}`}>
                          {t('pages.edit')}
                        </Link>
                      </li>
                    )}
                    <li>
                      <Link href={`/admin/pages/${row.code}/history`} className="text-brand underline" aria-label={`${t('pages.history')}: ${title}`}>
                        {t('pages.history')}
                      </Link>
                    </li>
                    <li>
                      <Link href={`/admin/pages/${row.code}/preview`} className="text-brand underline" aria-label={`${t('pages.preview')}: ${title}`}>
                        {t('pages.preview')}
                      </Link>
                    </li>
                    {path && (
                      <li>
                        <a href={path} className="text-brand underline" aria-label={`${t('pages.open')}: ${title}`}>
                          {t('pages.open')}
                        </a>
                      </li>
                    )}
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
