import { notFound } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { BackLink } from '@/components/admin/back-link';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { shareDistributionState } from '@/server/distribution/commands';
import { saveDistributionAction } from '@/app/admin/(staff)/funds/_distribution-actions';
import { distributionFields } from '@/app/admin/(staff)/funds/_distribution-fields';
import { approvalFields, policyNote, saveLabel } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('distribution.title');

type Props = { params: Promise<{ id: string; shareId: string }> };

/**
 * A share class's distribution data (issue 32, docs/distribution-data.md): its MiFID II target
 * market, its ex-ante and ex-post costs typed as percentages, and its PRIIPs risk answers. Saving
 * goes through the approval door (`share.distribution`); each problem is shown beside its field.
 */
export default async function DistributionPage({ params }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { id, shareId } = await params;
  const db = await getDb();
  const state = Number.isSafeInteger(Number(shareId)) ? await shareDistributionState(db, Number(shareId)) : null;
  if (!state || state.share.fundId !== Number(id)) notFound();
  const t = adminTranslator(staff.locale);
  const { share } = state;
  const label = `${share.name} (${share.isin})`;
  const writable = can(staff.role, 'funds.write');
  return (
    <>
      <BackLink href={`/admin/funds/${share.fundId}/shares/${share.id}`}>{t('distribution.back', { share: share.name })}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('distribution.titleOf', { share: label })}</h1>
      <p className="mb-2 max-w-prose">{t('distribution.intro')}</p>
      {!state.data && <p className="mb-2 max-w-prose font-medium">{t('distribution.none')}</p>}
      {writable && <p className="mb-4 max-w-prose text-muted">{policyNote(t, 'funds')}</p>}
      {/* Read-only staff (compliance) see the same answers in words; only funds.write may save them. */}
      <ActionForm
        action={saveDistributionAction.bind(null, share.id)}
        title={t('distribution.title')}
        submitLabel={saveLabel(t, 'funds', t('distribution.save'))}
        fields={[...distributionFields(t, state.data), ...(writable ? approvalFields(t, 'funds') : [])]}
        otherErrorsLabel={t('data.otherErrors')}
        disabled={!writable}
      />
    </>
  );
}
