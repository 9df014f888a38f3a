import { SUPPORTED_LOCALES } from '@/domain/language/locale';
import { COUNTRIES_FIELD, rankField } from '@/domain/language/offered';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm, type FieldSpec } from '@/components/admin/action-form';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { languagesForStaff } from '@/server/site/languages-queries';
import { approvalFields, policyNote, saveLabel } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { saveLanguagesAction } from './_actions';

export const generateMetadata = staffTitle('languages.title');

/**
 * The languages the house offers, in its order (the first the default), and the countries it
 * serves (issue 43, docs/decisions/061). Every role sees it; an administrator saves it, through the
 * approval door (kind `languages.save`, area company).
 */
export default async function LanguagesPage() {
  const staff = await requireStaff('backoffice.read');
  const t = adminTranslator(staff.locale);
  const { languages, countries } = await languagesForStaff(await getDb());
  const offered = languages.filter((l) => l.offered);
  const name = (locale: string) => ((SUPPORTED_LOCALES as readonly string[]).includes(locale) ? t(`language.${locale as 'fr'}`) : locale);
  const ranks = SUPPORTED_LOCALES.map((_, i) => ({ value: String(i + 1), label: i === 0 ? t('languages.default') : t('languages.rank', { rank: i + 1 }) }));
  const fields: FieldSpec[] = [
    {
      kind: 'group',
      name: 'languages',
      label: t('languages.languages'),
      hint: t('languages.languagesHint'),
      fields: languages
        .filter((l) => (SUPPORTED_LOCALES as readonly string[]).includes(l.locale))
        .map((l) => ({
          kind: 'select' as const,
          name: rankField(l.locale),
          label: name(l.locale),
          value: l.offered ? String(offered.indexOf(l) + 1) : '',
          options: [{ value: '', label: t('languages.notOffered') }, ...ranks],
        })),
    },
    {
      kind: 'checkboxes',
      name: COUNTRIES_FIELD,
      label: t('languages.countries'),
      hint: t('languages.countriesHint'),
      values: countries.filter((c) => c.served).map((c) => c.code),
      options: countries.map((c) => ({ value: c.code, label: `${c.title[staff.locale] || c.title.fr} (${c.code})` })),
    },
    ...approvalFields(t, 'company'),
  ];
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('languages.title')}</h1>
      <p className="mb-2 max-w-prose text-muted">
        {t('languages.intro')} {policyNote(t, 'company')}
      </p>
      <p className="mb-4 max-w-prose">{t('languages.current', { list: offered.map((l) => name(l.locale)).join(', '), first: name(offered[0]?.locale ?? '') })}</p>
      <ActionForm
        action={saveLanguagesAction}
        title={t('languages.form')}
        submitLabel={saveLabel(t, 'company', t('data.save'))}
        fields={fields}
        disabled={!can(staff.role, 'accounts.manage')}
        otherErrorsLabel={t('data.otherErrors')}
      />
    </>
  );
}
