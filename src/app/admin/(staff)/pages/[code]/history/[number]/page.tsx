import { notFound } from 'next/navigation';
import { isPageCode } from '@/domain/content/page-edit';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { formatDateTime } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { getPageVersion, pageSnapshot } from '@/server/pages/staff-queries';
import { PreviewLinks, SnapshotTable } from '@/app/admin/(staff)/pages/_view';
import { restorePageAction } from '@/app/admin/(staff)/pages/_actions';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('pages.history');

type Props = { params: Promise<{ code: string; number: string }> };

/** One kept version of a page: its texts side by side, its preview, and (content.write) its restore. */
export default async function PageVersionPage({ params }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { code, number: numberText } = await params;
  const number = /^[0-9]{1,9}$/.test(numberText) ? Number(numberText) : Number.NaN;
  const db = await getDb();
  const [current, version] = isPageCode(code) ? await Promise.all([pageSnapshot(db, code), getPageVersion(db, code, number)]) : [null, null];
  if (!current || !version) notFound();
  const t = adminTranslator(staff.locale);
  const title = current.title[staff.locale] || current.title.fr;
  return (
    <>
      <BackLink href={`/admin/pages/${code}/history`}>{t('pages.historyTitle', { title })}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('pages.versionTitle', { number, title })}</h1>
      <p className="mb-2">
        {version.kind === 'restore' ? t('pages.kinds.restore', { from: version.restoredFrom ?? '?' }) : t(`pages.kinds.${version.kind}`)} ·{' '}
        {version.actorLabel ?? t('pages.nobody')} · {formatDateTime(staff.locale, version.at)}
      </p>
      <p className="mb-4 max-w-prose text-muted">{t('pages.versionIntro')}</p>
      {can(staff.role, 'content.write') && (
        <div className="mb-6">
          <ActionForm action={restorePageAction.bind(null, code, number)} title={t('pages.restoreForm', { number })} submitLabel={t('pages.restore')} fields={[]} />
        </div>
      )}
      <PreviewLinks t={t} code={code} version={number} />
      <SnapshotTable t={t} snapshot={version.snapshot} caption={t('pages.versionTitle', { number, title })} />
    </>
  );
}
