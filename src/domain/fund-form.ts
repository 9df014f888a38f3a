/**
 * The back-office's fund and share forms, read into the objects the services validate
 * (src/domain/fund-input.ts). A form posts every field: an unchecked box is false, an empty
 * translation is no translation (never filled from another language), an empty number is missing.
 * Structured fields (characteristics, ESG disclosure, partners, custom data) are edited as JSON;
 * a text that is not JSON is reported on its field as `json`.
 */
/** The languages of the site's texts, in the order the back-office shows them side by side. */
export const SUPPORTED_LANGUAGES = ['fr', 'en', 'es'] as const;

export type FormReader = { get(name: string): string; getAll(name: string): string[] };
export type FormErrors = Record<string, string>;

export const LOCALIZED_FUND_FIELDS = ['title', 'description', 'philosophy', 'classification', 'specificCategory'] as const;
export const JSON_FUND_FIELDS = ['characteristics', 'sfdrDisclosure', 'partners', 'customData'] as const;

function localized(form: FormReader, name: string): Record<string, string> {
  return Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, form.get(`${name}.${l}`)]));
}

function numberOrUndefined(value: string): number | undefined {
  const trimmed = value.trim().replace(/\s/g, '');
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}

function json(form: FormReader, name: string, errors: FormErrors, empty: unknown): unknown {
  const text = form.get(name).trim();
  if (text === '') return empty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    errors[name] = 'json';
    return undefined;
  }
}

/** Tags: one a line in each language; line N of each language is the same tag. */
export function tagsFromLines(form: FormReader): { fr: string; en?: string; es?: string }[] {
  const lines = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, form.get(`tags.${l}`).split(/\r?\n/)]));
  const count = Math.max(...SUPPORTED_LANGUAGES.map((l) => lines[l]?.length ?? 0));
  const tags: { fr: string; en?: string; es?: string }[] = [];
  for (let i = 0; i < count; i++) {
    const tag = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, (lines[l]?.[i] ?? '').trim()]));
    if (SUPPORTED_LANGUAGES.every((l) => !tag[l])) continue;
    tags.push(tag as { fr: string });
  }
  return tags;
}

export function tagsToLines(tags: readonly Partial<Record<string, string>>[], language: string): string {
  return tags.map((t) => t[language] ?? '').join('\n');
}

/** A fund form → the raw input of createFund/updateFund, plus the fields that could not be read. */
export function readFundForm(form: FormReader, options: { withAum: boolean }): { raw: Record<string, unknown>; errors: FormErrors } {
  const errors: FormErrors = {};
  const specific = localized(form, 'specificCategory');
  const raw: Record<string, unknown> = {
    slug: form.get('slug'),
    categoryCode: form.get('categoryCode'),
    title: localized(form, 'title'),
    isHighlight: form.get('isHighlight') === 'on',
    description: localized(form, 'description'),
    philosophy: localized(form, 'philosophy'),
    classification: localized(form, 'classification'),
    specificCategory: Object.values(specific).every((v) => v.trim() === '') ? null : specific,
    riskLevel: numberOrUndefined(form.get('riskLevel')),
    sfdrArticle: numberOrUndefined(form.get('sfdrArticle')),
    minRecommendedInvestmentDuration: numberOrUndefined(form.get('minRecommendedInvestmentDuration')),
    benchmarkCode: form.get('benchmarkCode') || null,
    characteristics: json(form, 'characteristics', errors, {}),
    sfdrDisclosure: json(form, 'sfdrDisclosure', errors, null),
    partners: json(form, 'partners', errors, []),
    customData: json(form, 'customData', errors, {}),
    tags: tagsFromLines(form),
    esgLabels: form.getAll('esgLabels'),
    eligibilityCodes: form.getAll('eligibilityCodes'),
    visibleTo: form.getAll('visibleTo'),
    active: form.get('active') === 'on',
    position: numberOrUndefined(form.get('position')) ?? 0,
  };
  if (options.withAum) {
    raw.aumValue = numberOrUndefined(form.get('aumValue'));
    raw.aumCurrencyCode = form.get('aumCurrencyCode');
    raw.aumDate = form.get('aumDate');
  }
  return { raw, errors };
}

/** A share class form → the raw input of createShare/updateShare. */
export function readShareForm(form: FormReader): { raw: Record<string, unknown>; errors: FormErrors } {
  const errors: FormErrors = {};
  const raw: Record<string, unknown> = {
    slug: form.get('slug'),
    name: form.get('name'),
    isinCode: form.get('isinCode'),
    managementGoal: localized(form, 'managementGoal'),
    inceptionDate: form.get('inceptionDate'),
    inceptionNav: numberOrUndefined(form.get('inceptionNav')),
    sriLevel: numberOrUndefined(form.get('sriLevel')),
    currencyCode: form.get('currencyCode'),
    characteristics: json(form, 'characteristics', errors, {}),
    isMain: form.get('isMain') === 'on',
    visibleTo: form.getAll('visibleTo'),
    active: form.get('active') === 'on',
    position: numberOrUndefined(form.get('position')) ?? 0,
  };
  return { raw, errors };
}

/** The error of a field as the form shows it: `title.en` and `title` both belong to the title fields. */
export function errorFor(errors: FormErrors | undefined, name: string): string | undefined {
  if (!errors) return undefined;
  if (errors[name]) return errors[name];
  const prefix = `${name}.`;
  const nested = Object.keys(errors).find((k) => k.startsWith(prefix));
  return nested ? errors[nested] : undefined;
}
