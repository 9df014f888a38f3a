import Link from 'next/link';
import { notFound } from 'next/navigation';
import { countryPageTemplate, TEMPLATE_GAP } from '@/domain/content/country-page';
import { countryPageCode } from '@/domain/registrations/audience';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { BackLink } from '@/components/admin/back-link';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { countryForPage, pageSnapshot } from '@/server/pages/staff-queries';
import { pageFields } from '@/app/admin/(staff)/pages/_fields';
import { createCountryPageAction } from '@/app/admin/(staff)/pages/_actions';
import { approvalFields, policyNote, saveLabel } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('pages.countryCreate.form');

type Props = { params: Promise<{ country: string }> };

/**
 * A country's new information page (docs/decisions/035, docs/back-office.md): the template's texts in
 * the three languages, the country's name written in and its own facts left as gaps to fill, then
 * submitted through the approval door (`page.create`). A country that has its page already links to it.
 */
export default async function NewCountryPage({ params }: Props) {
  const staff = await requireStaff('content.write');
  const { country: code } = await params;
  const db = await getDb();
  const country = /^[A-Z]{2}$/.test(code) ? await countryForPage(db, code) : null;
  if (!country) notFound();
  const t = adminTranslator(staff.locale);
  const name = country.title[staff.locale] || country.title.fr;
  const existing = await pageSnapshot(db, countryPageCode(country.code));
  return (
    <>
      <BackLink href="/admin/pages">{t('pages.back')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('pages.countryCreate.title', { country: name })}</h1>
      {existing ? (
        <p className="max-w-prose">
          {t('pages.countryCreate.errors.exists', { country: name })}{' '}
          <Link href={`/admin/pages/${countryPageCode(country.code)}`} className="text-brand underline">
            {t('pages.edit')}
          </Link>
        </p>
      ) : (
        <>
          <p className="mb-2 max-w-prose text-muted">{t('pages.countryCreate.intro', { gap: TEMPLATE_GAP })}</p>
          <p className="mb-4 max-w-prose text-muted">{policyNote(t, 'pages')}</p>
          <ActionForm
            action={createCountryPageAction.bind(null, country.code)}
            title={t('pages.countryCreate.form')}
            submitLabel={saveLabel(t, 'pages', t('pages.countryCreate.submit'))}
            fields={[...pageFields(t, countryPageTemplate(country)), ...approvalFields(t, 'pages')]}
            otherErrorsLabel={t('data.otherErrors')}
          />
        </>
      )}
    </>
  );
}
