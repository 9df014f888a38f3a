import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import { FINDATEX_TEMPLATES, findatexRangePath, type FindatexFile } from '@/domain/distribution/findatex/files';

const link = 'font-semibold text-brand underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * "Data for distributors" (docs/distribution-data.md): the FinDatEx files of every share class the
 * visitor's audience may see, each template as CSV and XLSX, and the previous EMT on request.
 */
export async function DistributorData({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'DocumentLibrary.distributors' });
  const file = (name: FindatexFile, query = '') => `${findatexRangePath(locale, name)}${query}`;
  return (
    <section aria-labelledby="distributor-data-title" className="mt-12 rounded border border-slate-200 p-4 md:p-6">
      <h2 id="distributor-data-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mt-2">{t('intro')}</p>
      <ul className="mt-4 space-y-3">
        {FINDATEX_TEMPLATES.map((template) => (
          <li key={template}>
            <span className="block">{t(`templates.${template}`)}</span>
            <a href={file(`${template}.csv`)} className={link} download>
              {t('csv', { template: template.toUpperCase() })}
            </a>
            <span aria-hidden="true"> · </span>
            <a href={file(`${template}.xlsx`)} className={link} download>
              {t('xlsx', { template: template.toUpperCase() })}
            </a>
            {template === 'emt' ? (
              <>
                <span aria-hidden="true"> · </span>
                <a href={file('emt.csv', '?version=4.2')} className={link} download>
                  {t('previousEmt')}
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-700">{t('note')}</p>
    </section>
  );
}
