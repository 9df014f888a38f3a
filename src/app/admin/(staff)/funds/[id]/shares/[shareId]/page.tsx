import Link from 'next/link';
import { notFound } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { Notice } from '@/components/ui/notice';
import { flash } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { fundForStaff, navRange, referenceLists, shareForStaff } from '@/server/funds/staff-queries';
import { archiveShareAction, correctNavAction, updateShareAction } from '@/app/admin/(staff)/funds/_actions';
import { shareFields } from '@/app/admin/(staff)/funds/_fields';
import { actionLabel, approvalFields, saveLabel } from '@/app/admin/approval-form';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('shares.share');

type Props = { params: Promise<{ id: string; shareId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A share class: its fields (funds.write), its NAVs and the hand correction of one NAV (data.import). */
export default async function SharePage({ params, searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { id, shareId } = await params;
  const query = await searchParams;
  const db = await getDb();
  const share = Number.isSafeInteger(Number(shareId)) ? await shareForStaff(db, Number(shareId)) : null;
  if (!share || share.fundId !== Number(id)) notFound();
  const fund = await fundForStaff(db, share.fundId);
  if (!fund) notFound();
  const t = adminTranslator(staff.locale);
  const [refs, range] = await Promise.all([referenceLists(db), navRange(db, share.id)]);
  const fundTitle = fund.title[staff.locale] ?? fund.title.fr;
  const created = flash(query, 'done', ['created'] as const);
  return (
    <>
      <BackLink href={`/admin/funds/${fund.id}`}>{t('funds.back', { title: fundTitle })}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">
        {fundTitle} — {share.name}
      </h1>
      {created && <Notice tone="success">{t('shares.created')}</Notice>}
      <p className="mb-4">
        <Link href={`/admin/funds/${fund.id}/shares/${share.id}/distribution`} className="text-brand underline">
          {t('distribution.link')}
        </Link>
      </p>
      <p className="mb-6">
        {range.count > 0 ? t('navs.range', { count: range.count, from: range.from ?? '', to: range.to ?? '', nav: range.lastNav ?? 0 }) : t('navs.none')}
      </p>

      {can(staff.role, 'data.import') && (
        <section aria-labelledby="nav-title" className="mb-10 max-w-xl">
          <h2 id="nav-title" className="mb-2 text-xl font-semibold">
            {t('navs.correct')}
          </h2>
          <p className="mb-3 text-muted">{t('navs.correctIntro')}</p>
          <ActionForm
            action={correctNavAction}
            title={t('navs.correct')}
            submitLabel={saveLabel(t, 'funds', t('navs.submit'))}
            fields={[
              { kind: 'hidden', name: 'isin', value: share.isinCode },
              { kind: 'date', name: 'date', label: t('navs.date'), value: range.to ?? '', required: true },
              { kind: 'text', name: 'nav', label: t('navs.value'), hint: t('navs.valueHint'), required: true },
              ...approvalFields(t, 'funds'),
            ]}
          />
        </section>
      )}

      {can(staff.role, 'funds.write') && (
        <>
          <p className="mb-2">
            {t('funds.state')}: {share.active ? t('funds.activeState') : t('funds.archivedState')}
          </p>
          <div className="mb-6">
            <ActionForm action={archiveShareAction.bind(null, share.id)} title={t('shares.archive')} submitLabel={actionLabel(t, 'funds', t('shares.archive'))} fields={[]} danger compact disabled={!share.active} />
          </div>
          <section aria-labelledby="share-edit-title" className="mb-10">
            <h2 id="share-edit-title" className="mb-2 text-xl font-semibold">
              {t('shares.edit')}
            </h2>
            <ActionForm
              action={updateShareAction.bind(null, share.id)}
              title={t('shares.edit')}
              submitLabel={saveLabel(t, 'funds', t('data.save'))}
              fields={[...shareFields(t, staff.locale, refs, share, null), ...approvalFields(t, 'funds')]}
              otherErrorsLabel={t('data.otherErrors')}
            />
          </section>
        </>
      )}
    </>
  );
}
