import { FORMS } from '@/domain/forms/definitions';
import { adminTranslator } from '@/i18n/admin';
import { formLabels } from '@/i18n/form-labels';
import { Notice } from '@/components/ui/notice';
import { PrivacyForm } from '@/components/admin/privacy-form';
import { flash } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { eraseEverything, lookUpAddress } from './_actions';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('privacy.title');

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** GDPR requests about one e-mail address: look it up, download everything about it, or erase it (editors and admins). */
export default async function PrivacyPage({ searchParams }: Props) {
  const staff = await requireStaff('submissions.handle');
  const t = adminTranslator(staff.locale);
  const forms = formLabels(staff.locale);
  const error = flash(await searchParams, 'error', ['invalidEmail'] as const);
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('privacy.title')}</h1>
      <p className="mb-6 max-w-prose text-muted">{t('privacy.intro')}</p>
      {error && <Notice tone="error">{t('privacy.invalidEmail')}</Notice>}
      <PrivacyForm
        lookUp={lookUpAddress}
        erase={eraseEverything}
        labels={{
          lookupTitle: t('privacy.lookupTitle'),
          email: t('privacy.email'),
          emailHint: t('privacy.emailHint'),
          lookup: t('privacy.lookup'),
          nothing: t('privacy.nothing'),
          perForm: t('privacy.perForm'),
          forms: Object.fromEntries(Object.keys(FORMS).map((kind) => [kind, forms(`kinds.${kind as keyof typeof FORMS}`)])),
          files: t('privacy.files'),
          mails: t('privacy.mails'),
          alerts: t('privacy.alerts'),
          exportTitle: t('privacy.exportTitle'),
          exportHint: t('privacy.exportHint'),
          export: t('privacy.export'),
          eraseTitle: t('privacy.eraseTitle'),
          eraseHint: t('privacy.eraseHint'),
          erase: t('privacy.erase'),
          error: t('privacy.error'),
        }}
      />
    </>
  );
}
