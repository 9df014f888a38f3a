import { COMPANY_INFO_CODES, COMPANY_LIMITS, LOCALIZED_INFOS, figureRowCount } from '@/domain/content/company-form';
import { IDENTITY_FIELDS, PALETTE_FIELDS, type IdentityField, type PaletteField } from '@/domain/content/house-identity';
import { PAGE_LIMITS, descriptionField, localizedHasMarkup, textField, titleField, type LocalizedValue, type PageSnapshot } from '@/domain/content/page-edit';
import type { AdminT } from '@/i18n/admin';
import type { FieldSpec } from '@/components/admin/action-form';
import { localizedField } from '@/app/admin/(staff)/_fields';
import type { CompanySnapshot } from '@/server/pages/staff-queries';

/** The fields of the page and company forms, filled from what is stored. */

/** A page's texts are required unless said otherwise. */
const localized = (t: AdminT, name: string, label: string, values: LocalizedValue | undefined, options: { multiline?: boolean; hint?: string; required?: boolean } = {}): FieldSpec =>
  localizedField(t, name, label, values, { ...options, required: options.required ?? true });

/** Title and description first (the page's SEO fields), then one group per component, each text in three languages. */
export function pageFields(t: AdminT, page: PageSnapshot): FieldSpec[] {
  return [
    {
      kind: 'group',
      name: 'seo',
      label: t('pages.seo'),
      hint: t('pages.seoHint', { max: PAGE_LIMITS.description }),
      fields: [
        localized(t, titleField, t('pages.pageTitle'), page.title),
        localized(t, descriptionField, t('pages.description'), page.description, { multiline: true }),
      ],
    },
    ...page.components.slice(0, PAGE_LIMITS.components).map(
      (component): FieldSpec => ({
        kind: 'group',
        name: `component.${component.code}`,
        label: t('pages.component', { code: component.code }),
        fields: component.texts.slice(0, PAGE_LIMITS.textsPerComponent).map((text) =>
          localized(t, textField(component.code, text.code), t('pages.text', { code: text.code }), text.content, {
            multiline: true,
            hint: `${localizedHasMarkup(text.content) ? t('pages.markup') : t('pages.plainText')} ${t('pages.textHint', { max: PAGE_LIMITS.text })}`,
          }),
        ),
      }),
    ),
  ];
}

/** The identity fields that carry a hint (an example, or what the colour paints). */
const HINTED = ['legalForm', 'registerNumber', 'lei', 'regulator', 'authorisationNumber', 'brandPrimary', 'brandDark', 'brandAccent'] as const;
const hinted = (name: IdentityField): name is (typeof HINTED)[number] => (HINTED as readonly string[]).includes(name);

/** One identity field: a single value, optional. */
function identityField(t: AdminT, name: IdentityField, value: string | null): FieldSpec {
  return { kind: 'text', name: `identity.${name}`, label: t(`company.identityField.${name}`), hint: hinted(name) ? t(`company.identityFieldHint.${name}`) : undefined, value: value ?? '' };
}

/** Name and baselines, the six infos (one value or per language), then the key figures as numbered rows with empty ones to add, the legal identity and the colours. */
export function companyFields(t: AdminT, company: CompanySnapshot): FieldSpec[] {
  const info = (code: (typeof COMPANY_INFO_CODES)[number]) => company.infos.find((i) => i.code === code)?.content;
  const rows = figureRowCount(company.keyFigures.length);
  return [
    {
      kind: 'group',
      name: 'texts',
      label: t('company.texts'),
      fields: [
        localized(t, 'title', t('company.name'), company.title),
        localized(t, 'baseline', t('company.baseline'), company.baseline, { multiline: true }),
        localized(t, 'subBaseline', t('company.subBaseline'), company.subBaseline, { multiline: true }),
      ],
    },
    {
      kind: 'group',
      name: 'infos',
      label: t('company.infos'),
      hint: t('company.infosHint'),
      fields: COMPANY_INFO_CODES.map((code): FieldSpec => {
        const label = t(`company.info.${code}`);
        if (LOCALIZED_INFOS.includes(code)) return localized(t, `infos.${code}`, label, info(code));
        const hint = code === 'LINKEDIN' ? t('company.linkedinHint') : code === 'PHONE' ? t('company.phoneHint') : undefined;
        return { kind: 'text', name: `infos.${code}`, label, hint, required: true, value: info(code)?.fr ?? '' };
      }),
    },
    {
      kind: 'group',
      name: 'figures',
      label: t('company.figures'),
      hint: t('company.figuresHint', { max: COMPANY_LIMITS.figures }),
      fields: Array.from({ length: rows }, (_, i): FieldSpec => {
        const figure = company.keyFigures[i];
        const name = `figures.${i}`;
        return {
          kind: 'group',
          name,
          label: figure ? t('company.figure', { n: i + 1 }) : `${t('company.newFigure')} (${i + 1})`,
          fields: [
            ...(figure ? [{ kind: 'hidden', name: `${name}.code`, value: figure.code } as const] : []),
            { kind: 'number', name: `${name}.position`, label: t('company.position'), value: String(i + 1), min: 1, max: 99, step: '1' },
            localized(t, `${name}.value`, t('company.value'), figure?.value, { required: !!figure }),
            localized(t, `${name}.title`, t('company.caption'), figure?.title, { required: !!figure }),
          ],
        };
      }),
    },
    {
      kind: 'group',
      name: 'identity',
      label: t('company.identity'),
      hint: t('company.identityHint'),
      fields: IDENTITY_FIELDS.filter((name) => !(PALETTE_FIELDS as readonly string[]).includes(name)).map((name) => identityField(t, name, company.identity[name])),
    },
    {
      kind: 'group',
      name: 'brand',
      label: t('company.brand'),
      hint: t('company.brandHint'),
      fields: PALETTE_FIELDS.map((name: PaletteField) => identityField(t, name, company.identity[name])),
    },
  ];
}
