import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { fundForStaff, referenceLists } from '@/server/funds/staff-queries';
import { updateFundAction } from '@/app/admin/(staff)/funds/_actions';
import { fundFields } from '@/app/admin/(staff)/funds/_fields';
import { approvalFields, saveLabel } from '@/app/admin/approval-form';
import { BackLink } from '@/components/admin/back-link';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('funds.edit') };
}

type Props = { params: Promise<{ id: string }> };

/** Every field of a fund, texts per language side by side; only roles with funds.write open it. */
export default async function EditFundPage({ params }: Props) {
  const staff = await requireStaff('funds.write');
  const id = Number((await params).id);
  const db = await getDb();
  const fund = Number.isSafeInteger(id) ? await fundForStaff(db, id) : null;
  if (!fund) notFound();
  const t = adminTranslator(staff.locale);
  const refs = await referenceLists(db);
  const title = fund.title[staff.locale] ?? fund.title.fr;
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
