import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { adminLocale, requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { fundForStaff, referenceLists } from '@/server/funds/staff-queries';
import { createShareAction } from '@/app/admin/(staff)/funds/_actions';
import { actionLabel, approvalFields } from '@/app/admin/approval-form';
import { shareFields } from '@/app/admin/(staff)/funds/_fields';
import { BackLink } from '@/components/admin/back-link';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('shares.new') };
}

type Props = { params: Promise<{ id: string }> };

export default async function NewSharePage({ params }: Props) {
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
