/**
 * The back-office's fund and share forms, read into the objects the services validate
 * (src/domain/funds/input.ts). A form posts every field: an unchecked box is false, an empty
 * translation is no translation (never filled from another language), an empty number is missing.
 * Characteristics and SFDR sections are texts per code, side by side in each language
 * (`characteristics.custodian.en`); partners are numbered rows (`partners.0.url`). Only the
 * free-form custom data is edited as JSON: a text that is not JSON is reported on its field as `json`.
 */
import { CHARACTERISTICS, SFDR_SECTIONS } from '../catalog';

/** The languages of the site's texts, in the order the back-office shows them side by side. */
export const SUPPORTED_LANGUAGES = ['fr', 'en', 'es'] as const;

export type FormReader = { get(name: string): string; getAll(name: string): string[] };
export type FormErrors = Record<string, string>;

export const LOCALIZED_FUND_FIELDS = ['title', 'description', 'philosophy', 'classification', 'specificCategory'] as const;
/** The most partner rows a form offers and reads (the validation allows as many). */
export const MAX_PARTNERS = 20;
/** The most codes one text-per-code field reads: the known ones and the stored extras it lists. */
const MAX_CODES = 64;
/** The hidden field that lists a text-per-code field's codes (`$` is never part of a code). */
export const codesField = (name: string) => `${name}.$codes`;

export const FUND_CHARACTERISTIC_CODES: readonly string[] = CHARACTERISTICS.filter((c) => c.scope === 'fund').map((c) => c.code);
export const SHARE_CHARACTERISTIC_CODES: readonly string[] = CHARACTERISTICS.filter((c) => c.scope === 'share').map((c) => c.code);

/** The codes a text-per-code field shows: the known ones, then the stored ones the catalog does not know. */
export function recordCodes(known: readonly string[], stored: Record<string, unknown> | null | undefined): string[] {
  return [...new Set([...known, ...Object.keys(stored ?? {})])].slice(0, MAX_CODES);
}

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

/**
 * Texts per code, read from `${name}.${code}.${language}` for the known codes and those the form
 * lists: a code empty in every language is absent, one with any text keeps its languages as typed
 * (so a missing French is reported by validation, never filled from another language).
 */
function localizedRecord(form: FormReader, name: string, known: readonly string[]): Record<string, Record<string, string>> {
  const codes = [...new Set([...known, ...form.getAll(codesField(name))])].slice(0, MAX_CODES);
  const record: Record<string, Record<string, string>> = {};
  for (const code of codes) {
    const texts = localized(form, `${name}.${code}`);
    if (Object.values(texts).some((v) => v.trim() !== '')) record[code] = texts;
  }
  return record;
}

/**
 * Partner rows `partners.${i}.name|url|description.${language}`: a row left empty is no partner (that
 * is how one is removed). `rows[k]` is the form row of the k-th partner read, to put errors back on it.
 */
function partnerRows(form: FormReader): { partners: unknown[]; rows: number[] } {
  const partners: unknown[] = [];
  const rows: number[] = [];
  for (let i = 0; i < MAX_PARTNERS; i++) {
    const name = form.get(`partners.${i}.name`).trim();
    const url = form.get(`partners.${i}.url`).trim();
    const description = localized(form, `partners.${i}.description`);
    if (!name && !url && Object.values(description).every((v) => v.trim() === '')) continue;
    partners.push({ name, url, description });
    rows.push(i);
  }
  return { partners, rows };
}

/** Validation errors name the k-th partner read; the form shows them on its row. */
export function partnerErrorsOnRows(errors: FormErrors, rows: readonly number[]): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, code]) => {
      const match = /^partners\.(\d+)(\..*)?$/.exec(field);
      if (!match) return [field, code];
      const row = rows[Number(match[1])];
      return [row === undefined ? field : `partners.${row}${match[2] ?? ''}`, code];
    }),
  );
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
export function readFundForm(form: FormReader, options: { withAum: boolean }): { raw: Record<string, unknown>; errors: FormErrors; partnerRows: number[] } {
  const errors: FormErrors = {};
  const specific = localized(form, 'specificCategory');
  const sfdr = localizedRecord(form, 'sfdrDisclosure', SFDR_SECTIONS);
  const partners = partnerRows(form);
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
    characteristics: localizedRecord(form, 'characteristics', FUND_CHARACTERISTIC_CODES),
    sfdrDisclosure: Object.keys(sfdr).length === 0 ? null : sfdr,
    partners: partners.partners,
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
  return { raw, errors, partnerRows: partners.rows };
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
    characteristics: localizedRecord(form, 'characteristics', SHARE_CHARACTERISTIC_CODES),
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
