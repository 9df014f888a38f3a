import Link from 'next/link';
import { FINDATEX_FILES, findatexRangePath } from '@/domain/distribution/findatex/files';
import { TEMPLATES } from '@/domain/distribution/findatex/templates';
import { getDb } from '@/server/db';
import { findatexReport } from '@/server/distribution/findatex';
import { TableGrid, Td } from '@/components/ui/table';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('findatex.title');

/**
 * The FinDatEx files as distributors get them (docs/distribution-data.md): for each template, how
 * many share classes it serves, and every active share class left out because its row breaks a rule
 * of the template, with the field code and the reason, linked to the screen that fixes it.
 */
export default async function FindatexPage({ searchParams }: ListProps) {
  const { staff, t } = await staffScreen('backoffice.read', searchParams);
  const report = await findatexReport(await getDb(), staff.locale);
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('findatex.title')}</h1>
      <p className="mb-6 max-w-prose text-muted">{t('findatex.intro')}</p>
      {report.map((entry) => {
        const template = TEMPLATES[entry.version];
        const id = `findatex-${entry.version.replace('.', '-')}`;
        return (
          <section key={entry.version} aria-labelledby={id} className="mb-10">
            <h2 id={id} className="mb-2 text-xl font-semibold">
              {t('findatex.template', { template: template.template, version: template.version })}
            </h2>
            <p className="mb-3">{t('findatex.served', { served: entry.served, excluded: entry.excluded.length })}</p>
            {entry.excluded.length > 0 && (
              <TableGrid
                caption={t('findatex.caption', { template: template.template, version: template.version })}
                headers={[t('findatex.share'), t('findatex.isin'), t('findatex.field'), t('findatex.problem')]}
              >
                {entry.excluded.flatMap((share) =>
                  share.errors.map((error, i) => (
                    <tr key={`${share.isin}-${error.code}-${i}`}>
                      <Td>
                        <Link href={`/admin/funds/${share.fundId}/shares/${share.shareId}`} className="text-brand underline">
                          {share.name}
                        </Link>
                      </Td>
                      <Td>{share.isin}</Td>
                      <Td>
                        <code>{error.code}</code>
                      </Td>
                      <Td>{t(`findatex.problems.${error.problem}`)}</Td>
                    </tr>
                  )),
                )}
              </TableGrid>
            )}
          </section>
        );
      })}
      <section aria-labelledby="findatex-files" className="mb-10">
        <h2 id="findatex-files" className="mb-2 text-xl font-semibold">
          {t('findatex.files')}
        </h2>
        <p className="mb-2 max-w-prose">{t('findatex.filesIntro')}</p>
        <ul className="list-disc pl-6">
          {FINDATEX_FILES.map((file) => (
            <li key={file}>
              <a href={findatexRangePath(staff.locale, file)} className="text-brand underline">
                {file}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
