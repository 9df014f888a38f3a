import { ActionForm } from '@/components/admin/action-form';
import { updateFundAction } from '@/app/admin/(staff)/funds/_actions';
import { fundFields } from '@/app/admin/(staff)/funds/_fields';
import { approvalFields, saveLabel } from '@/app/admin/approval-form';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { fundFormScreen } from '@/app/admin/(staff)/funds/_screen';

export const generateMetadata = staffTitle('funds.edit');

type Props = { params: Promise<{ id: string }> };

/** Every field of a fund, texts per language side by side; only roles with funds.write open it. */
export default async function EditFundPage({ params }: Props) {
  const { staff, fund, t, refs, title } = await fundFormScreen(params);
  return (
    <>
      <BackLink href={`/admin/funds/${fund.id}`}>{t('funds.back', { title })}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('funds.editTitle', { title })}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('data.translationsIntro')}</p>
      <ActionForm
        action={updateFundAction.bind(null, fund.id)}
        title={t('funds.edit')}
        submitLabel={saveLabel(t, 'funds', t('data.save'))}
        fields={[...fundFields(t, staff.locale, refs, fund), ...approvalFields(t, 'funds')]}
        otherErrorsLabel={t('data.otherErrors')}
      />
    </>
  );
}
