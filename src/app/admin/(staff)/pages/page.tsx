import Link from 'next/link';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { countriesWithoutPage, listPagesForStaff, pagesWithGaps, type PageListRow } from '@/server/pages/staff-queries';
import { TEMPLATE_GAP } from '@/domain/content/country-page';
import { publicPagePath } from './_view';
import { policyNote } from '@/app/admin/approval-form';
import { TableGrid, Td, Th } from '@/components/ui/table';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('pages.title');

/** Every page of the site and the disclaimers, then the countries' investor pages: edit (content.write), history and preview (every role). */
export default async function PagesPage() {
  const staff = await requireStaff('backoffice.read');
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  const [rows, missing, withGaps] = await Promise.all([listPagesForStaff(db), countriesWithoutPage(db), pagesWithGaps(db)]);
  const editable = can(staff.role, 'content.write');
  const sitePages = rows.filter((r) => r.country === null);
  // The information pages of each country's investors (issue 21), named by their country.
  const countryPages = rows
    .filter((r) => r.country !== null)
    .map((r) => ({ ...r, countryName: r.country?.title[staff.locale] || r.country?.title.fr || r.code }))
    .sort((a, b) => a.countryName.localeCompare(b.countryName, staff.locale));
  const table = (list: (PageListRow & { countryName?: string })[], caption: string) => (
    <TableGrid caption={caption} headers={[list.some((r) => r.countryName) ? t('pages.country') : t('pages.page'), t('pages.code'), t('pages.versions'), t('pages.actions')]}>
      {list.map((row) => {
        const title = row.countryName ?? (row.title[staff.locale] || row.title.fr);
        const path = publicPagePath(row.code, staff.locale);
        return (
          <tr key={row.code}>
            <Th cell scope="row" className="font-medium">
              {title}
              {row.countryName && <span className="block text-xs font-normal text-muted">{row.title[staff.locale] || row.title.fr}</span>}
            </Th>
            <Td>
              <code>{row.code}</code>
            </Td>
            <Td>{row.versions}</Td>
            <Td>
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
            </Td>
          </tr>
        );
      })}
    </TableGrid>
  );
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('pages.title')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('pages.intro')} {policyNote(t, 'pages')}</p>
      {missing.length > 0 && (
        <section aria-labelledby="countries-without-page" className="mb-8 max-w-3xl rounded border border-amber-300 bg-amber-50 px-4 py-3">
          <h2 id="countries-without-page" className="mb-2 text-lg font-semibold">
            {t('pages.countryCreate.missingTitle')}
          </h2>
          <p className="mb-2">{t('pages.countryCreate.missingIntro')}</p>
          <ul className="list-disc space-y-1 pl-6">
            {missing.map((country) => {
              const name = country.title[staff.locale] || country.title.fr;
              return (
                <li key={country.code}>
                  <span className="font-medium">{name}</span> (<code>{country.code}</code>)
                  {editable && (
                    <>
                      {' — '}
                      <Link href={`/admin/pages/new/${country.code}`} className="text-brand underline">
                        {t('pages.countryCreate.create', { country: name })}
                      </Link>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {withGaps.length > 0 && (
        // The pages an empty start's base seed wrote from templates, until staff replace every gap (docs/product.md "Data").
        <section aria-labelledby="pages-with-gaps" className="mb-8 max-w-3xl rounded border border-amber-300 bg-amber-50 px-4 py-3">
          <h2 id="pages-with-gaps" className="mb-2 text-lg font-semibold">
            {t('pages.gapsTitle')}
          </h2>
          <p className="mb-2">{t('pages.gapsIntro', { gap: TEMPLATE_GAP })}</p>
          <ul className="list-disc space-y-1 pl-6">
            {withGaps.map((code) => {
              const row = rows.find((r) => r.code === code);
              const title = row ? row.title[staff.locale] || row.title.fr : code;
              return (
                <li key={code}>
                  {editable ? (
                    <Link href={`/admin/pages/${code}`} className="text-brand underline" aria-label={`${t('pages.edit')}: ${title}`}>
                      {title}
                    </Link>
                  ) : (
                    <span className="font-medium">{title}</span>
                  )}{' '}
                  (<code>{code}</code>)
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {table(sitePages, t('pages.caption'))}
      {countryPages.length > 0 && (
        <section aria-labelledby="country-pages-title" className="mt-10">
          <h2 id="country-pages-title" className="mb-2 text-xl font-semibold">
            {t('pages.countryPages')}
          </h2>
          <p className="mb-4 max-w-prose text-muted">{t('pages.countryPagesIntro')}</p>
          {table(countryPages, t('pages.countryPagesCaption'))}
        </section>
      )}
    </>
  );
}
