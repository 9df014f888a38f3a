import { SUPPORTED_LOCALES, type Locale } from '@/env';
import { INVESTOR_PROFILES, SFDR_SECTIONS } from '@/domain/catalog';
import { FUND_CHARACTERISTIC_CODES, MAX_PARTNERS, SHARE_CHARACTERISTIC_CODES, codesField, recordCodes, tagsToLines } from '@/domain/funds/form';
import type { AdminT } from '@/i18n/admin';
import { characteristicLabels, sfdrSectionLabels } from '@/i18n/fund-labels';
import type { FieldSpec } from '@/components/admin/action-form';
import type { ReferenceLists, StaffFund, StaffShare } from '@/server/funds/staff-queries';
import { localizedField } from '@/app/admin/(staff)/_fields';

/** The fields of the fund and share forms, filled from what is stored (empty for a new one). */

type Texts = Partial<Record<string, string>>;
const pick = (value: Texts | null | undefined, locale: Locale) => value?.[locale] ?? value?.fr ?? '';
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

const localized = localizedField;

/**
 * Texts per code (characteristics, SFDR sections), each in the three languages side by side. Codes
 * the catalog does not know but the record holds are shown too (under their code), so that saving
 * never drops them; the hidden list tells the server which codes the form carried.
 */
function textsPerCode(
  t: AdminT,
  group: { name: string; label: string; hint?: string },
  codes: readonly string[],
  record: Partial<Record<string, Texts>> | null | undefined,
  labelOf: (code: string) => { label: string; hint?: string },
): FieldSpec {
  const all = recordCodes(codes, record);
  return {
    kind: 'group',
    ...group,
    fields: [
      ...all.filter((code) => !codes.includes(code)).map((code): FieldSpec => ({ kind: 'hidden', name: codesField(group.name), value: code })),
      ...all.map((code): FieldSpec => {
        const { label, hint } = labelOf(code);
        return localized(t, `${group.name}.${code}`, label, record?.[code], { multiline: true, hint });
      }),
    ],
  };
}

function characteristicsGroup(t: AdminT, locale: Locale, codes: readonly string[], record: Partial<Record<string, Texts>> | null | undefined): FieldSpec {
  const labels = characteristicLabels(locale);
  type Code = Parameters<typeof labels>[0];
  return textsPerCode(t, { name: 'characteristics', label: t('funds.fields.characteristics'), hint: t('funds.fields.characteristicsHint') }, codes, record, (code) => ({
    label: labels.has(code as Code) ? labels(code as Code) : code,
  }));
}

function sfdrGroup(t: AdminT, locale: Locale, record: Partial<Record<string, Texts>> | null | undefined): FieldSpec {
  const art8 = sfdrSectionLabels(locale, 8);
  const art9 = sfdrSectionLabels(locale, 9);
  type Code = Parameters<typeof art8>[0];
  return textsPerCode(t, { name: 'sfdrDisclosure', label: t('funds.fields.sfdrDisclosure'), hint: t('funds.fields.sfdrDisclosureHint') }, SFDR_SECTIONS, record, (code) => {
    if (!art8.has(code as Code)) return { label: code };
    const label = art8(code as Code);
    const article9 = art9(code as Code);
    return { label, hint: article9 === label ? undefined : t('funds.fields.sfdrArticle9Title', { title: article9 }) };
  });
}

/** The partners (where to buy the fund): the stored ones, then empty rows to add more; emptying a row removes it. */
function partnersGroup(t: AdminT, partners: readonly { name: string; url: string; description: Texts }[]): FieldSpec {
  const rows = Math.min(MAX_PARTNERS, partners.length + 2);
  return {
    kind: 'group',
    name: 'partners',
    label: t('funds.fields.partners'),
    hint: t('funds.fields.partnersHint'),
    fields: Array.from({ length: rows }, (_, i): FieldSpec => {
      const partner = partners[i];
      const n = i + 1;
      return {
        kind: 'group',
        name: `partners.${i}`,
        label: t('funds.fields.partner', { n }),
        fields: [
          { kind: 'text', name: `partners.${i}.name`, label: t('funds.fields.partnerName', { n }), value: partner?.name },
          { kind: 'text', name: `partners.${i}.url`, label: t('funds.fields.partnerUrl', { n }), hint: t('funds.fields.partnerUrlHint'), value: partner?.url },
          localized(t, `partners.${i}.description`, t('funds.fields.partnerDescription', { n }), partner?.description, { multiline: true }),
        ],
      };
    }),
  };
}

const profileOptions = (t: AdminT) => INVESTOR_PROFILES.map((p) => ({ value: p, label: t(`data.profiles.${p}`) }));

export function fundFields(t: AdminT, locale: Locale, refs: ReferenceLists, fund: StaffFund | null): FieldSpec[] {
  const today = new Date().toISOString().slice(0, 10);
  const fields: FieldSpec[] = [
    localized(t, 'title', t('funds.fields.title'), fund?.title, { required: true }),
    { kind: 'text', name: 'slug', label: t('funds.fields.slug'), hint: t('funds.fields.slugHint'), value: fund?.slug, required: true },
    {
      kind: 'select',
      name: 'categoryCode',
      label: t('funds.fields.category'),
      value: fund?.categoryCode,
      options: refs.categories.map((c) => ({ value: c.code, label: pick(c.title, locale) })),
    },
    { kind: 'number', name: 'position', label: t('funds.fields.position'), value: String(fund?.position ?? 0), min: 0, step: '1' },
    { kind: 'checkbox', name: 'isHighlight', label: t('funds.fields.highlight'), checked: fund?.isHighlight ?? false },
    { kind: 'number', name: 'riskLevel', label: t('funds.fields.sri'), hint: t('funds.fields.sriHint'), value: fund ? String(fund.riskLevel) : '', min: 1, max: 7, step: '1', required: true },
    {
      kind: 'select',
      name: 'sfdrArticle',
      label: t('funds.fields.sfdr'),
      value: fund ? String(fund.sfdrArticle) : '8',
      options: ['6', '8', '9'].map((v) => ({ value: v, label: t('funds.fields.sfdrArticle', { article: v }) })),
    },
    {
      kind: 'number',
      name: 'minRecommendedInvestmentDuration',
      label: t('funds.fields.duration'),
      value: fund ? String(fund.minRecommendedInvestmentDuration) : '',
      min: 0,
      max: 50,
      step: '1',
      required: true,
    },
    {
      kind: 'select',
      name: 'benchmarkCode',
      label: t('funds.fields.benchmark'),
      value: fund?.benchmarkCode ?? '',
      options: [{ value: '', label: t('funds.fields.noBenchmark') }, ...refs.benchmarks.map((b) => ({ value: b.code, label: `${pick(b.title, locale)} (${b.code})` }))],
    },
    { kind: 'checkboxes', name: 'visibleTo', label: t('funds.fields.profiles'), values: fund?.visibleTo ?? [...INVESTOR_PROFILES], options: profileOptions(t) },
    { kind: 'checkbox', name: 'active', label: t('funds.fields.active'), checked: fund?.active ?? true },
    localized(t, 'classification', t('funds.fields.classification'), fund?.classification, { required: true }),
    localized(t, 'specificCategory', t('funds.fields.specificCategory'), fund?.specificCategory),
    localized(t, 'description', t('funds.fields.description'), fund?.description, { multiline: true, required: true }),
    localized(t, 'philosophy', t('funds.fields.philosophy'), fund?.philosophy, { multiline: true, required: true }),
    {
      kind: 'localized',
      name: 'tags',
      label: t('funds.fields.tags'),
      hint: t('funds.fields.tagsHint'),
      multiline: true,
      values: Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, tagsToLines(fund?.tags ?? [], l)])),
      languages: SUPPORTED_LOCALES.map((code) => ({ code, label: t(`language.${code}`) })),
      missing: t('data.missing'),
    },
    { kind: 'checkboxes', name: 'esgLabels', label: t('funds.fields.esgLabels'), values: fund?.esgLabels ?? [], options: refs.esgLabels.map((l) => ({ value: l.code, label: pick(l.title, locale) })) },
    {
      kind: 'checkboxes',
      name: 'eligibilityCodes',
      label: t('funds.fields.eligibilities'),
      values: fund?.eligibilityCodes ?? [],
      options: refs.eligibilities.map((e) => ({ value: e.code, label: pick(e.title, locale) })),
    },
    characteristicsGroup(t, locale, FUND_CHARACTERISTIC_CODES, fund?.characteristics),
    sfdrGroup(t, locale, fund?.sfdrDisclosure),
    partnersGroup(t, fund?.partners ?? []),
    { kind: 'textarea', name: 'customData', label: t('funds.fields.customData'), hint: t('funds.fields.customDataHint'), value: json(fund?.customData ?? {}), rows: 3 },
  ];
  if (!fund) {
    fields.push(
      { kind: 'number', name: 'aumValue', label: t('funds.fields.aumValue'), value: '0', min: 0, step: '0.01', required: true },
      { kind: 'select', name: 'aumCurrencyCode', label: t('funds.fields.aumCurrency'), value: 'EUR', options: refs.currencies.map((c) => ({ value: c, label: c })) },
      { kind: 'date', name: 'aumDate', label: t('funds.fields.aumDate'), value: today, required: true },
    );
  }
  return fields;
}

export function aumFields(t: AdminT, refs: ReferenceLists, fund: StaffFund): FieldSpec[] {
  return [
    { kind: 'number', name: 'aumValue', label: t('funds.fields.aumValue'), value: String(fund.aumValue), min: 0, step: '0.01', required: true },
    { kind: 'select', name: 'aumCurrencyCode', label: t('funds.fields.aumCurrency'), value: fund.aumCurrencyCode, options: refs.currencies.map((c) => ({ value: c, label: c })) },
    { kind: 'date', name: 'aumDate', label: t('funds.fields.aumDate'), value: fund.aumDate, required: true },
  ];
}

export function shareFields(t: AdminT, locale: Locale, refs: ReferenceLists, share: StaffShare | null, fundSri: number | null): FieldSpec[] {
  return [
    { kind: 'text', name: 'name', label: t('shares.fields.name'), hint: t('shares.fields.nameHint'), value: share?.name, required: true },
    { kind: 'text', name: 'isinCode', label: t('shares.fields.isin'), hint: t('shares.fields.isinHint'), value: share?.isinCode, required: true },
    { kind: 'text', name: 'slug', label: t('funds.fields.slug'), hint: t('funds.fields.slugHint'), value: share?.slug, required: true },
    localized(t, 'managementGoal', t('shares.fields.goal'), share?.managementGoal, { multiline: true, required: true }),
    { kind: 'date', name: 'inceptionDate', label: t('shares.fields.inceptionDate'), value: share?.inceptionDate, required: true },
    { kind: 'number', name: 'inceptionNav', label: t('shares.fields.inceptionNav'), value: share ? String(share.inceptionNav) : '100', step: 'any', min: 0, required: true },
    { kind: 'number', name: 'sriLevel', label: t('funds.fields.sri'), hint: t('funds.fields.sriHint'), value: share ? String(share.sriLevel) : fundSri ? String(fundSri) : '', min: 1, max: 7, step: '1', required: true },
    { kind: 'select', name: 'currencyCode', label: t('shares.fields.currency'), value: share?.currencyCode ?? 'EUR', options: refs.currencies.map((c) => ({ value: c, label: c })) },
    { kind: 'number', name: 'position', label: t('funds.fields.position'), value: String(share?.position ?? 0), min: 0, step: '1' },
    { kind: 'checkbox', name: 'isMain', label: t('shares.fields.main'), checked: share?.isMain ?? false },
    { kind: 'checkboxes', name: 'visibleTo', label: t('funds.fields.profiles'), values: share?.visibleTo ?? [...INVESTOR_PROFILES], options: profileOptions(t) },
    { kind: 'checkbox', name: 'active', label: t('funds.fields.active'), checked: share?.active ?? true },
    characteristicsGroup(t, locale, SHARE_CHARACTERISTIC_CODES, share?.characteristics),
  ];
}
