import { notFound } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { companyForStaff } from '@/server/pages/staff-queries';
import { companyFields } from '@/app/admin/(staff)/pages/_fields';
import { saveCompanyAction } from '@/app/admin/(staff)/pages/_actions';
import { approvalFields, saveLabel } from '@/app/admin/approval-form';
import { policyNote } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('company.title');

/** The company's name, baselines, contact details and key figures; every role sees it, content.write saves it. */
export default async function CompanyPage() {
  const staff = await requireStaff('backoffice.read');
  const company = await companyForStaff(await getDb());
  if (!company) notFound();
  const t = adminTranslator(staff.locale);
  const editable = can(staff.role, 'content.write');
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('company.title')}</h1>
      <p className="mb-2 max-w-prose text-muted">{t('company.intro')} {policyNote(t, 'company')}</p>
      <p className="mb-4 max-w-prose text-muted">{t('data.translationsIntro')}</p>
      <ActionForm
        action={saveCompanyAction}
        title={t('company.form')}
        submitLabel={saveLabel(t, 'company', t('data.save'))}
        fields={[...companyFields(t, company), ...approvalFields(t, 'company')]}
        disabled={!editable}
        otherErrorsLabel={t('data.otherErrors')}
      />
    </>
  );
}
