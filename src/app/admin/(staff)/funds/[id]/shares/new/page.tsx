import { ActionForm } from '@/components/admin/action-form';
import { createShareAction } from '@/app/admin/(staff)/funds/_actions';
import { actionLabel, approvalFields } from '@/app/admin/approval-form';
import { shareFields } from '@/app/admin/(staff)/funds/_fields';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { fundFormScreen } from '@/app/admin/(staff)/funds/_screen';

export const generateMetadata = staffTitle('shares.new');

type Props = { params: Promise<{ id: string }> };

export default async function NewSharePage({ params }: Props) {
  const { staff, fund, t, refs, title } = await fundFormScreen(params);
  return (
    <>
      <BackLink href={`/admin/funds/${fund.id}`}>{t('funds.back', { title })}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('shares.newOf', { title })}</h1>
      <ActionForm
        action={createShareAction.bind(null, fund.id)}
        title={t('shares.new')}
        submitLabel={actionLabel(t, 'funds', t('shares.create'))}
        fields={[...shareFields(t, staff.locale, refs, null, fund.riskLevel), ...approvalFields(t, 'funds')]}
        otherErrorsLabel={t('data.otherErrors')}
      />
    </>
  );
}
