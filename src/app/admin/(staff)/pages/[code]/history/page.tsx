import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PAGE_LIMITS, isPageCode } from '@/domain/content/page-edit';
import { adminTranslator } from '@/i18n/admin';
import { formatDateTime } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listPageVersions, pageSnapshot } from '@/server/pages/staff-queries';
import { TableGrid, Td, Th } from '@/components/ui/table';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('pages.history');

type Props = { params: Promise<{ code: string }> };

/** The kept versions of a page, newest first: who, when, what kind of change; each can be viewed and restored. */
export default async function PageHistoryPage({ params }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { code } = await params;
  const db = await getDb();
  const snapshot = isPageCode(code) ? await pageSnapshot(db, code) : null;
  if (!snapshot) notFound();
  const versions = await listPageVersions(db, code);
  const t = adminTranslator(staff.locale);
  const title = snapshot.title[staff.locale] || snapshot.title.fr;
  return (
    <>
      <BackLink href="/admin/pages">{t('pages.back')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('pages.historyTitle', { title })}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('pages.historyIntro', { max: PAGE_LIMITS.versionsKept })}</p>
      {versions.length === 0 ? (
        <p>{t('pages.noVersions')}</p>
      ) : (
        <TableGrid caption={t('pages.historyCaption')} headers={[t('pages.number'), t('pages.kind'), t('pages.who'), t('pages.when')]}>
          {versions.map((v) => (
            <tr key={v.number}>
              <Th cell scope="row" className="font-medium">
                <Link href={`/admin/pages/${code}/history/${v.number}`} className="text-brand underline">
                  {t('pages.viewVersion', { number: v.number })}
                </Link>
              </Th>
              <Td>{v.kind === 'restore' ? t('pages.kinds.restore', { from: v.restoredFrom ?? '?' }) : t(`pages.kinds.${v.kind}`)}</Td>
              <Td>{v.actorLabel ?? t('pages.nobody')}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(staff.locale, v.at)}</Td>
            </tr>
          ))}
        </TableGrid>
      )}
    </>
  );
}
