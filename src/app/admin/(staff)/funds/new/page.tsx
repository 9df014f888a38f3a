import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { referenceLists } from '@/server/funds/staff-queries';
import { createFundAction } from '@/app/admin/(staff)/funds/_actions';
import { actionLabel, approvalFields } from '@/app/admin/approval-form';
import { fundFields } from '@/app/admin/(staff)/funds/_fields';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('funds.new');

export default async function NewFundPage() {
  const staff = await requireStaff('funds.write');
  const t = adminTranslator(staff.locale);
  const refs = await referenceLists(await getDb());
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('funds.new')}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('data.translationsIntro')}</p>
      <ActionForm action={createFundAction} title={t('funds.new')} submitLabel={actionLabel(t, 'funds', t('funds.create'))} fields={[...fundFields(t, staff.locale, refs, null), ...approvalFields(t, 'funds')]} otherErrorsLabel={t('data.otherErrors')} />
    </>
  );
}
