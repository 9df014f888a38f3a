/**
 * The company's screen of the back-office (docs/product.md §3 Company): title, baseline and
 * sub-baseline per language; the infos the footer, the contact page and the structured data show;
 * the key figures of the home page (value and title per language), added, removed and reordered as
 * numbered rows. The address and the city are words, per language; the postcode, phone, press e-mail
 * and LinkedIn address are one value, stored alike in the three languages. The legal identity and the
 * brand colours are one value each, optional (house-identity.ts).
 */
import { EDIT_LANGUAGES, type EditLanguage, type LocalizedValue } from './page-edit';
import type { FormReader } from '../funds/form';
import { isSafeLink } from './link-target';
import { IDENTITY_FIELDS, identityProblems, normaliseIdentityValue, type CompanyIdentity, type IdentityError } from './house-identity';

export const COMPANY_INFO_CODES = ['ADDRESS', 'ZIP_CODE', 'CITY', 'PHONE', 'EMAIL_PRESS', 'LINKEDIN'] as const;
export type CompanyInfoCode = (typeof COMPANY_INFO_CODES)[number];
/** Infos written per language; the others are one value. */
export const LOCALIZED_INFOS: readonly CompanyInfoCode[] = ['ADDRESS', 'CITY'];

export const COMPANY_LIMITS = {
  title: 120,
  baseline: 300,
  subBaseline: 600,
  info: 200,
  figureValue: 40,
  figureTitle: 120,
  /** The most key figures stored, and the empty rows the form adds for new ones. */
  figures: 12,
  newFigureRows: 2,
} as const;

export type CompanyInput = {
  title: LocalizedValue;
  baseline: LocalizedValue;
  subBaseline: LocalizedValue;
  infos: { code: CompanyInfoCode; content: LocalizedValue }[];
  keyFigures: { code: string; value: LocalizedValue; title: LocalizedValue }[];
  /** The legal identity and the brand colours (house-identity.ts), fields `identity.{name}`. */
  identity: CompanyIdentity;
};

export type CompanyFormErrors = Record<string, 'required' | 'too-long' | 'control' | 'markup' | 'email' | 'https' | 'phone' | 'zip' | 'position' | 'too-many' | IdentityError>;

const CONTROL = /[\u0000-\u001f\u007f]/;
const MARKUP = /[<>]/;
const FIGURE_CODE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;
const PHONE = /^\+?[0-9 ().-]{4,30}$/;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

function checkText(value: string, max: number): CompanyFormErrors[string] | null {
  if (value.length > max) return 'too-long';
  if (CONTROL.test(value)) return 'control';
  if (MARKUP.test(value)) return 'markup';
  return null;
}

function readLocalized(form: FormReader, name: string, max: number, errors: CompanyFormErrors, required = true): LocalizedValue {
  const out: Partial<Record<EditLanguage, string>> = {};
  for (const language of EDIT_LANGUAGES) {
    const field = `${name}.${language}`;
    const value = clean(form.get(field));
    const problem = value === '' ? (language === 'fr' && required ? 'required' : null) : checkText(value, max);
    if (problem) errors[field] = problem;
    else if (value !== '') out[language] = value;
  }
  return { fr: out.fr ?? '', ...(out.en ? { en: out.en } : {}), ...(out.es ? { es: out.es } : {}) };
}

function readSingle(form: FormReader, code: CompanyInfoCode, errors: CompanyFormErrors): LocalizedValue {
  const field = `infos.${code}`;
  const value = clean(form.get(field));
  if (value === '') {
    errors[field] = 'required';
    return { fr: '' };
  }
  const problem = checkText(value, COMPANY_LIMITS.info);
  if (problem) errors[field] = problem;
  else if (code === 'EMAIL_PRESS' && !EMAIL.test(value)) errors[field] = 'email';
  else if (code === 'PHONE' && !PHONE.test(value)) errors[field] = 'phone';
  else if (code === 'ZIP_CODE' && !ZIP.test(value)) errors[field] = 'zip';
  else if (code === 'LINKEDIN' && !isHttpsUrl(value)) errors[field] = 'https';
  return { fr: value, en: value, es: value };
}

/** An https address with a host name, by the one link rule (link-target.ts). */
export function isHttpsUrl(value: string): boolean {
  return isSafeLink(value, ['https']);
}

/** The rows the form shows: the stored figures, then empty rows to add new ones, within the limit. */
export function figureRowCount(stored: number): number {
  return Math.min(COMPANY_LIMITS.figures, stored + COMPANY_LIMITS.newFigureRows);
}

/**
 * Reads the form. Key figures are the rows `figures.{i}` (code hidden for stored ones, position,
 * value and title per language): a row emptied of value and title is removed; the rows are ordered by
 * their position (1 first; equal positions keep the form's order); a new row gets a free code.
 */
export function readCompanyForm(form: FormReader): { input: CompanyInput; errors: CompanyFormErrors } {
  const errors: CompanyFormErrors = {};
  const title = readLocalized(form, 'title', COMPANY_LIMITS.title, errors);
  const baseline = readLocalized(form, 'baseline', COMPANY_LIMITS.baseline, errors);
  const subBaseline = readLocalized(form, 'subBaseline', COMPANY_LIMITS.subBaseline, errors);
  const infos = COMPANY_INFO_CODES.map((code) => ({
    code,
    content: LOCALIZED_INFOS.includes(code) ? readLocalized(form, `infos.${code}`, COMPANY_LIMITS.info, errors) : readSingle(form, code, errors),
  }));

  const rows: { row: number; position: number; code: string | null; value: LocalizedValue; title: LocalizedValue }[] = [];
  for (let i = 0; i < COMPANY_LIMITS.figures; i++) {
    const name = `figures.${i}`;
    const typed = EDIT_LANGUAGES.some((l) => form.get(`${name}.value.${l}`).trim() !== '' || form.get(`${name}.title.${l}`).trim() !== '');
    if (!typed) continue;
    const value = readLocalized(form, `${name}.value`, COMPANY_LIMITS.figureValue, errors);
    const figureTitle = readLocalized(form, `${name}.title`, COMPANY_LIMITS.figureTitle, errors);
    const positionText = form.get(`${name}.position`).trim();
    const position = positionText === '' ? i + 1 : Number(positionText);
    if (!Number.isInteger(position) || position < 1 || position > 99) errors[`${name}.position`] = 'position';
    const code = form.get(`${name}.code`).trim();
    rows.push({ row: i, position, code: FIGURE_CODE.test(code) ? code : null, value, title: figureTitle });
  }
  rows.sort((a, b) => a.position - b.position || a.row - b.row);
  const used = new Set<string>();
  const keyFigures = rows.map((r) => {
    let code = r.code && !used.has(r.code) ? r.code : null;
    for (let n = 1; code === null; n++) if (!used.has(`figure-${n}`) && !rows.some((o) => o.code === `figure-${n}`)) code = `figure-${n}`;
    used.add(code);
    return { code, value: r.value, title: r.title };
  });
  const identity = readIdentity(form, errors);
  return { input: { title, baseline, subBaseline, infos, keyFigures, identity }, errors };
}

/** The identity's fields `identity.{name}`, each optional, checked by the one rule the approval door applies too. */
function readIdentity(form: FormReader, errors: CompanyFormErrors): CompanyIdentity {
  const identity = Object.fromEntries(IDENTITY_FIELDS.map((name) => [name, normaliseIdentityValue(name, form.get(`identity.${name}`))])) as CompanyIdentity;
  for (const [name, problem] of Object.entries(identityProblems(identity))) errors[`identity.${name}`] = problem;
  return identity;
}
