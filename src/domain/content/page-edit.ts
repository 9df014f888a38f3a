/**
 * Editing a content page in the back-office (docs/product.md §3 Page): its title and description
 * (the page's SEO title and meta description, also its menu label) and the texts of its components,
 * each in the three languages side by side. The components and text codes are those the page's
 * layout reads: the form edits their contents, never their structure, so the server reads exactly
 * the texts the stored page has. Texts with markup go through the one cleaner (rich-text.ts).
 */
import type { FormReader } from '../funds/form';
import type { ChangeScope } from './publication';
import { isLinkTextCode, isSafeLink } from './link-target';
import { sanitizeRichText } from './rich-text';

export const EDIT_LANGUAGES = ['fr', 'en', 'es'] as const;
export type EditLanguage = (typeof EDIT_LANGUAGES)[number];
export type LocalizedValue = { fr: string; en?: string; es?: string };

export type PageSnapshot = {
  title: LocalizedValue;
  description: LocalizedValue;
  components: { code: string; texts: { code: string; content: LocalizedValue }[] }[];
};

/** Characters per language and field; rows kept in a page's history. */
export const PAGE_LIMITS = {
  title: 200,
  description: 400,
  text: 20_000,
  /** The most components and texts a page may have that the form reads (the stored structure). */
  components: 50,
  textsPerComponent: 80,
  versionsKept: 50,
} as const;

/** Codes of pages and texts are lower-case words with dashes (the seeded ones); anything else is not read. */
const CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** The information page of a country's investors (issue 21): `country-{ISO code}`, e.g. country-FR. */
const COUNTRY_PAGE = /^country-([A-Z]{2,3})$/;
export const isPageCode = (value: string) => CODE.test(value) || COUNTRY_PAGE.test(value);
/** The country a page informs the investors of, or null for the site's other pages. */
export const countryOfPage = (code: string): string | null => COUNTRY_PAGE.exec(code)?.[1] ?? null;

export const titleField = 'title';
export const descriptionField = 'description';
export const textField = (component: string, text: string) => `text.${component}.${text}`;

/** Control characters other than tab and line breaks. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MARKUP = /<\/?[a-z][^>]*>|&(?:[a-z]+|#[0-9]+|#x[0-9a-f]+);/i;

/** Whether a text carries markup (tags or entities): such texts are cleaned on save and shown as rich text. */
export function hasMarkup(value: string | undefined): boolean {
  return value !== undefined && MARKUP.test(value);
}

export function localizedHasMarkup(value: LocalizedValue): boolean {
  return EDIT_LANGUAGES.some((l) => hasMarkup(value[l]));
}

export type PageFormErrors = Record<string, 'required' | 'too-long' | 'markup' | 'control' | 'link'>;

/** A textarea posts CRLF line breaks: stored texts use LF, without surrounding blanks. */
function normalize(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim();
}

/** link: the text is an href (a '-url' code): https, mailto, tel or a site path only (link-target.ts). */
type ReadOptions = { max: number; required: boolean; plain: boolean; link?: boolean };

function readLocalized(form: FormReader, name: string, options: ReadOptions, errors: PageFormErrors): LocalizedValue {
  const out: Partial<Record<EditLanguage, string>> = {};
  for (const language of EDIT_LANGUAGES) {
    const field = `${name}.${language}`;
    const raw = normalize(form.get(field));
    if (raw.length > options.max) errors[field] = 'too-long';
    else if (CONTROL.test(raw)) errors[field] = 'control';
    else if (options.link && raw !== '' && !isSafeLink(raw)) errors[field] = 'link';
    else if (options.plain && MARKUP.test(raw)) errors[field] = 'markup';
    else {
      // A text of nothing but markup the cleaner drops is an empty text.
      const value = options.plain || !hasMarkup(raw) ? raw : sanitizeRichText(raw).trim();
      if (value !== '') out[language] = value;
      else if (language === 'fr' && options.required) errors[field] = 'required';
    }
  }
  return { fr: out.fr ?? '', ...(out.en ? { en: out.en } : {}), ...(out.es ? { es: out.es } : {}) };
}

/**
 * The page as the form posted it, on the structure of the stored page: title and description are
 * plain text (French required), every text has its French (the layouts need it) and optional
 * translations, a text with markup is cleaned. Lengths are checked on what was typed.
 */
export function readPageForm(form: FormReader, structure: PageSnapshot): { snapshot: PageSnapshot; errors: PageFormErrors } {
  const errors: PageFormErrors = {};
  const title = readLocalized(form, titleField, { max: PAGE_LIMITS.title, required: true, plain: true }, errors);
  const description = readLocalized(form, descriptionField, { max: PAGE_LIMITS.description, required: true, plain: true }, errors);
  const components = structure.components.slice(0, PAGE_LIMITS.components).map((component) => ({
    code: component.code,
    texts: component.texts.slice(0, PAGE_LIMITS.textsPerComponent).map((text) => ({
      code: text.code,
      content: readLocalized(
        form,
        textField(component.code, text.code),
        isLinkTextCode(text.code) ? { max: PAGE_LIMITS.text, required: true, plain: true, link: true } : { max: PAGE_LIMITS.text, required: true, plain: false },
        errors,
      ),
    })),
  }));
  return { snapshot: { title, description, components }, errors };
}

const same = (a: LocalizedValue | undefined, b: LocalizedValue | undefined) =>
  EDIT_LANGUAGES.every((l) => (a?.[l] ?? '') === (b?.[l] ?? ''));

export type PageDiff = {
  title?: { before: LocalizedValue; after: LocalizedValue };
  description?: { before: LocalizedValue; after: LocalizedValue };
  /** Keyed `component/text`. */
  texts: Record<string, { before: LocalizedValue | null; after: LocalizedValue | null }>;
};

/** What differs between two states of a page, as the audit log keeps it; null when nothing does. */
export function diffPages(before: PageSnapshot, after: PageSnapshot): PageDiff | null {
  const diff: PageDiff = { texts: {} };
  if (!same(before.title, after.title)) diff.title = { before: before.title, after: after.title };
  if (!same(before.description, after.description)) diff.description = { before: before.description, after: after.description };
  const flat = (page: PageSnapshot) => new Map(page.components.flatMap((c) => c.texts.map((t) => [`${c.code}/${t.code}`, t.content] as const)));
  const a = flat(before);
  const b = flat(after);
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (!a.has(key) || !b.has(key) || !same(a.get(key), b.get(key))) diff.texts[key] = { before: a.get(key) ?? null, after: b.get(key) ?? null };
  }
  const structure = (page: PageSnapshot) => page.components.map((c) => `${c.code}:${c.texts.map((t) => t.code).join(',')}`).join('|');
  if (!diff.title && !diff.description && Object.keys(diff.texts).length === 0 && structure(before) === structure(after)) return null;
  return diff;
}

/**
 * The cached pages a page change makes stale (docs/decisions/016). Every page's header and footer show
 * the pages' titles and the about-us page's group links, and the disclaimers are on every page: those
 * expire everything. Otherwise the page itself and the home page; the news texts show on every news page.
 */
export function pageChangeScope(code: string, diff: Pick<PageDiff, 'title'>): ChangeScope {
  if (diff.title || code === 'about-us' || code === 'disclaimers') return { all: true };
  return { pages: code === 'home' ? ['home'] : [code, 'home'], ...(code === 'news' ? { news: true } : {}) };
}
