import { notFound } from 'next/navigation';
import { isPageCode } from '@/domain/content/page-edit';
import { adminTranslator } from '@/i18n/admin';
import { SUPPORTED_LOCALES } from '@/env';
import { ActionForm } from '@/components/admin/action-form';
import { DraftPreview } from '@/components/admin/draft-preview';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { pageSnapshot } from '@/server/pages/staff-queries';
import { pageFields } from '@/app/admin/(staff)/pages/_fields';
import { PreviewLinks } from '@/app/admin/(staff)/pages/_view';
import { previewPageDraftAction, savePageAction } from '@/app/admin/(staff)/pages/_actions';
import { approvalFields, saveLabel } from '@/app/admin/approval-form';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('pages.form');

type Props = { params: Promise<{ code: string }> };

/** A page's title, description and texts, the three languages side by side; only roles with content.write open it. */
export default async function EditPagePage({ params }: Props) {
  const staff = await requireStaff('content.write');
  const { code } = await params;
  const snapshot = isPageCode(code) ? await pageSnapshot(await getDb(), code) : null;
  if (!snapshot) notFound();
  const t = adminTranslator(staff.locale);
  const title = snapshot.title[staff.locale] || snapshot.title.fr;
  return (
    <>
      <BackLink href="/admin/pages">{t('pages.back')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('pages.editTitle', { title })}</h1>
      <p className="mb-2 max-w-prose text-muted">{t('data.translationsIntro')}</p>
      <BackLink href={`/admin/pages/${code}/history`}>{t('pages.history')}</BackLink>
      <PreviewLinks t={t} code={code} version={null} />
      <ActionForm action={savePageAction.bind(null, code)} title={t('pages.form')} submitLabel={saveLabel(t, 'pages', t('data.save'))} fields={[...pageFields(t, snapshot), ...approvalFields(t, 'pages')]} otherErrorsLabel={t('data.otherErrors')}>
        <DraftPreview
          action={previewPageDraftAction.bind(null, code)}
          label={t('pages.previewDraft')}
          languages={SUPPORTED_LOCALES.map((l) => ({ code: l, label: t('pages.previewDraftIn', { language: t(`language.${l}`) }) }))}
        />
      </ActionForm>
    </>
  );
}
