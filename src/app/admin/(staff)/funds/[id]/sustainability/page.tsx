import { notFound } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { BackLink } from '@/components/admin/back-link';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { fundSustainabilityState } from '@/server/distribution/commands';
import { saveSustainabilityAction } from '@/app/admin/(staff)/funds/_distribution-actions';
import { sustainabilityFields } from '@/app/admin/(staff)/funds/_distribution-fields';
import { approvalFields, policyNote, saveLabel } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('sustainability.title');

type Props = { params: Promise<{ id: string }> };

/**
 * A fund's sustainability answers for the EET (issue 32): principal adverse impacts, sustainability
 * risks and, for an article 8 or 9 fund, its pre-contractual commitments. Saving goes through the
 * approval door (`fund.sustainability`).
 */
export default async function SustainabilityPage({ params }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { id } = await params;
  const db = await getDb();
  const state = Number.isSafeInteger(Number(id)) ? await fundSustainabilityState(db, Number(id)) : null;
  if (!state) notFound();
  const t = adminTranslator(staff.locale);
  const { fund } = state;
  const titles = fund.title as Partial<Record<string, string>>;
  const title = titles[staff.locale] ?? titles.fr ?? fund.slug;
  const writable = can(staff.role, 'funds.write');
  return (
    <>
      <BackLink href={`/admin/funds/${fund.id}`}>{t('sustainability.back', { fund: title })}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('sustainability.titleOf', { fund: title })}</h1>
      <p className="mb-2 max-w-prose">{t('sustainability.intro')}</p>
      <p className="mb-2 max-w-prose">{t('sustainability.article', { article: fund.sfdrArticle })}</p>
      {fund.sfdrArticle !== 8 && fund.sfdrArticle !== 9 && <p className="mb-2 max-w-prose">{t('sustainability.article6')}</p>}
      {!state.data && <p className="mb-2 max-w-prose font-medium">{t('sustainability.none')}</p>}
      {writable && <p className="mb-4 max-w-prose text-muted">{policyNote(t, 'funds')}</p>}
      {/* Read-only staff (compliance) see the same answers in words; only funds.write may save them. */}
      <ActionForm
        action={saveSustainabilityAction.bind(null, fund.id)}
        title={t('sustainability.title')}
        submitLabel={saveLabel(t, 'funds', t('sustainability.save'))}
        fields={[...sustainabilityFields(t, fund.sfdrArticle, state.data), ...(writable ? approvalFields(t, 'funds') : [])]}
        otherErrorsLabel={t('data.otherErrors')}
        disabled={!writable}
      />
    </>
  );
}
