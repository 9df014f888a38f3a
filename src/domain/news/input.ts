/**
 * What the back-office may store for a news item (one language of an article): checked before
 * anything is written. Errors are codes per field, translated where shown (messages/admin,
 * `news.errors`). The body is cleaned by the site's one cleaner (rich-text.ts); the database
 * checks the category, the funds and the slug's uniqueness per language.
 */
import { INVESTOR_PROFILES, type InvestorProfile } from '../catalog';
import { isIsoDate } from '../dates';
import { SUPPORTED_LOCALES, type Locale } from '../language/locale';
import { isSafeLink } from '../content/link-target';
import { MAX_RICH_TEXT_INPUT, richTextFromEditor } from '../content/rich-text';

export const NEWS_LIMITS = {
  title: 200,
  slug: 120,
  summary: 1_000,
  body: MAX_RICH_TEXT_INPUT,
  externalUrl: 2_000,
  author: 120,
  funds: 50,
} as const;

/** Draft (never shown), published (now) or scheduled (shown from `publishAt` on, without anyone acting). */
export const NEWS_STATES = ['draft', 'published', 'scheduled'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

/** Segments the news routes use after /news/: an article may not take them as its slug. */
const RESERVED_SLUGS = new Set(['c', 'page', 'doc']);

export type NewsFormInput = {
  locale: string;
  title: string;
  slug: string;
  categoryCode: string;
  publishedAt: string;
  summary: string;
  body: string;
  externalUrl: string;
  author: string;
  fundIds: string[];
  visibleTo: string[];
  state: string;
  /** The scheduled time, `YYYY-MM-DDTHH:MM` or with `:SS`, in UTC. */
  publishAt: string;
};

export type NewsValues = {
  locale: Locale;
  title: string;
  slug: string;
  categoryCode: string;
  publishedAt: string;
  summary: string;
  body: string;
  externalUrl: string | null;
  author: string | null;
  fundIds: number[];
  visibleTo: InvestorProfile[];
  state: NewsState;
  publishAt: Date | null;
};

export type NewsErrors = Partial<Record<keyof NewsFormInput, string>>;

/**
 * A slug from a title: accents stripped, lowercase, words joined by hyphens, at most
 * NEWS_LIMITS.slug characters (cut at a hyphen when it can be).
 */
export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= NEWS_LIMITS.slug) return base;
  const cut = base.slice(0, NEWS_LIMITS.slug);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > NEWS_LIMITS.slug / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '');
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A `datetime-local` value read as UTC, or null. */
export function parseUtcDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match || !isIsoDate(match[1] as string)) return null;
  const [h, m, s] = [Number(match[2]), Number(match[3]), Number(match[4] ?? '0')];
  if (h > 23 || m > 59 || s > 59) return null;
  return new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}Z`);
}

/** An external link: an https address, by the one link rule (link-target.ts). */
function externalUrlProblem(url: string): string | null {
  if (url.length > NEWS_LIMITS.externalUrl) return 'too-long';
  return isSafeLink(url, ['https']) ? null : 'url';
}

/** Checks a posted news form; the slug, when empty, is made from the title. */
export function readNewsInput(input: NewsFormInput): { ok: true; value: NewsValues } | { ok: false; errors: NewsErrors } {
  const errors: NewsErrors = {};
  const locale = input.locale as Locale;
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(input.locale)) errors.locale = 'locale';
  const title = input.title.trim().replace(/\s+/g, ' ');
  if (title === '') errors.title = 'required';
  else if (title.length > NEWS_LIMITS.title) errors.title = 'too-long';
  const slug = (input.slug.trim() === '' ? slugify(title) : input.slug.trim()).toLowerCase();
  if (input.slug.trim().length > NEWS_LIMITS.slug) errors.slug = 'too-long';
  else if (slug === '' && title !== '') errors.slug = 'required';
  else if (slug !== '' && !SLUG.test(slug)) errors.slug = 'slug';
  else if (RESERVED_SLUGS.has(slug)) errors.slug = 'reserved';
  const categoryCode = input.categoryCode.trim();
  if (categoryCode === '' || categoryCode.length > 64) errors.categoryCode = 'required';
  if (!isIsoDate(input.publishedAt.trim())) errors.publishedAt = 'date';
  const summary = input.summary.trim();
  if (summary === '') errors.summary = 'required';
  else if (summary.length > NEWS_LIMITS.summary) errors.summary = 'too-long';
  let body = '';
  if (input.body.length > NEWS_LIMITS.body) errors.body = 'too-long';
  else body = richTextFromEditor(input.body);
  const externalUrl = input.externalUrl.trim();
  const urlProblem = externalUrl === '' ? null : externalUrlProblem(externalUrl);
  if (urlProblem) errors.externalUrl = urlProblem;
  if (body === '' && externalUrl === '' && !errors.body) errors.body = 'required';
  const author = input.author.trim();
  if (author.length > NEWS_LIMITS.author) errors.author = 'too-long';
  const fundIds = [...new Set(input.fundIds.map((v) => v.trim()).filter(Boolean))];
  if (fundIds.length > NEWS_LIMITS.funds) errors.fundIds = 'too-many';
  else if (fundIds.some((v) => !/^[1-9][0-9]{0,8}$/.test(v))) errors.fundIds = 'unknown-fund';
  const profiles = [...new Set(input.visibleTo)];
  if (profiles.some((p) => !(INVESTOR_PROFILES as readonly string[]).includes(p))) errors.visibleTo = 'profile';
  const state = input.state as NewsState;
  if (!(NEWS_STATES as readonly string[]).includes(input.state)) errors.state = 'state';
  let publishAt: Date | null = null;
  if (state === 'scheduled') {
    publishAt = parseUtcDateTime(input.publishAt);
    if (!publishAt) errors.publishAt = 'date-time';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      locale,
      title,
      slug,
      categoryCode,
      publishedAt: input.publishedAt.trim(),
      summary,
      body,
      externalUrl: externalUrl === '' ? null : externalUrl,
      author: author === '' ? null : author,
      fundIds: fundIds.map(Number),
      // Every profile ticked is the same as none: shown to all.
      visibleTo: profiles.length === INVESTOR_PROFILES.length ? [] : INVESTOR_PROFILES.filter((p) => profiles.includes(p)),
      state,
      publishAt,
    },
  };
}

/** The state an item shows in the back-office: scheduled while its time is still to come. */
export function newsStateOf(row: { status: string; publishAt: Date | null }, now: Date): NewsState {
  if (row.status !== 'published') return 'draft';
  return row.publishAt !== null && row.publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Items per page of the back-office's news list. */
export const NEWS_ADMIN_PAGE_SIZE = 25;

export type NewsListFilter = { locale?: Locale; category?: string; fund?: number; state?: NewsState; page: number };

type Query = Record<string, string | string[] | undefined>;
const one = (query: Query, name: string) => {
  const value = query[name];
  return typeof value === 'string' ? value : '';
};

/** The news list's filters from a query string: anything unknown or malformed is dropped, never an error. */
export function readNewsListFilter(query: Query): NewsListFilter {
  const filter: NewsListFilter = { page: 1 };
  const locale = one(query, 'locale');
  if ((SUPPORTED_LOCALES as readonly string[]).includes(locale)) filter.locale = locale as Locale;
  const category = one(query, 'category');
  if (/^[a-z0-9-]{1,64}$/.test(category)) filter.category = category;
  const fund = one(query, 'fund');
  if (/^[1-9][0-9]{0,8}$/.test(fund)) filter.fund = Number(fund);
  const state = one(query, 'state');
  if ((NEWS_STATES as readonly string[]).includes(state)) filter.state = state as NewsState;
  const page = one(query, 'page');
  if (/^[1-9][0-9]{0,4}$/.test(page)) filter.page = Number(page);
  return filter;
}

/** The query string of a filter (and a page), for links. */
export function newsListQuery(filter: NewsListFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.locale) params.set('locale', filter.locale);
  if (filter.category) params.set('category', filter.category);
  if (filter.fund) params.set('fund', String(filter.fund));
  if (filter.state) params.set('state', filter.state);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}
