/**
 * The document library (docs/decisions/032): for each profile and each filter, the library lists
 * exactly the documents the fund and share pages offer to that profile (in every served language), and
 * its archive view lists the superseded KIDs and prospectuses of the DOCUMENT_ARCHIVE_YEARS window only,
 * each at a versioned address that serves nothing else.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../src/app/e/[locale]/docs/funds/[fundSlug]/[...rest]/route';
import { env, type Locale } from '../../src/env';
import { INVESTOR_PROFILES, type InvestorProfile } from '../../src/domain/catalog';
import { LIBRARY_PAGE_SIZE, parseLibraryQuery, type LibraryDocument, type LibraryQuery } from '../../src/domain/documents/library';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { funds as fixtures } from '../../src/server/db/seed/fixtures/funds';
import { seedDemo } from '../../src/server/db/seed/seed';
import { invalidateCatalog } from '../../src/server/funds/catalog';
import { fundDocumentOffer, shareDocumentOffer } from '../../src/server/documents/offer-queries';
import { archivedLibraryPage, currentLibraryPage, libraryFacets } from '../../src/server/documents/library-queries';
import { findShareDocument } from '../../src/server/documents/queries';
import { equivalentPath } from '../../src/server/http/switch-locale';
import { listFunds } from '../../src/server/funds/queries';
import { offeredLocales } from '../../src/server/site/languages-queries';
import { fundNotices } from '../../src/server/events/queries';
import { samplePdf } from '../support/sample-documents';

const publicFund = fixtures.find((f) => f.slug === 'aurore-actions-europe');
const publicShare = publicFund?.shares.find((s) => s.visibleTo.includes('RETAIL') && s.documents.includes('KIID'));
const hiddenFund = fixtures.find((f) => !f.visibleTo.includes('RETAIL') && f.visibleTo.includes('INSTIT'));
const hiddenShare = hiddenFund?.shares.find((s) => s.documents.includes('KIID'));
if (!publicFund || !publicShare || !hiddenFund || !hiddenShare) throw new Error('the demo has a public fund with a KID and an INSTIT-only fund');

const call = (path: string, profile: InvestorProfile = 'RETAIL', country?: string) => {
  const [, , locale, , , fundSlug, ...rest] = path.split('/');
  const cookie = `investor_profile=${profile}${country ? `; investor_country=${country}` : ''}`;
  return GET(new Request(`http://localhost${path}`, { headers: { cookie } }), {
    params: Promise.resolve({ locale: locale ?? '', fundSlug: fundSlug ?? '', rest }),
  });
};

const yearsAgo = (years: number, days = 0) => new Date(Date.now() - (years * 365.25 + days) * 86_400_000);

type Inserted = { id: number; key: string };
const inserted: Record<string, Inserted> = {};

async function insert(
  key: string,
  row: {
    type: 'KIID' | 'PROSPECTUS' | 'MONTHLY_REPORT';
    fundSlug?: string;
    isin?: string;
    locale: Locale;
    publishedAt: string;
    supersededAt: Date | null;
    published?: boolean;
    countries?: string[];
  },
) {
  const db = await getDb();
  const [fund] = row.fundSlug ? await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, row.fundSlug)) : [undefined];
  const [share] = row.isin ? await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, row.isin)) : [undefined];
  const data = samplePdf(`${key} ${row.publishedAt}`);
  const [created] = await db
    .insert(t.documents)
    .values({
      documentTypeCode: row.type,
      fundId: fund?.id ?? null,
      shareId: share?.id ?? null,
      locale: row.locale,
      title: key,
      fileName: `${key}.pdf`,
      mimeType: 'application/pdf',
      size: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      publishedAt: row.publishedAt,
      published: row.published ?? true,
      supersededAt: row.supersededAt,
      countries: row.countries ?? [],
    })
    .returning({ id: t.documents.id });
  inserted[key] = { id: created?.id ?? 0, key };
}

beforeAll(async () => {
  // Current versions: a newer Spanish KID (the pages offer it, not the seeded one) and an older English
  // prospectus never replaced (the pages keep offering the newer seeded one, so the library must not list it).
  await insert('newer-kid-es', { type: 'KIID', isin: publicShare.isinCode, locale: 'es', publishedAt: '2026-12-01', supersededAt: null });
  await insert('older-prospectus-en', { type: 'PROSPECTUS', fundSlug: publicFund.slug, locale: 'en', publishedAt: '2026-10-05', supersededAt: null });
  // The archive: in the window, out of it, unpublished, not an archived type, hidden from RETAIL.
  await insert('kid-2y', { type: 'KIID', isin: publicShare.isinCode, locale: 'es', publishedAt: '2024-01-15', supersededAt: yearsAgo(2) });
  await insert('prospectus-5y', { type: 'PROSPECTUS', fundSlug: publicFund.slug, locale: 'fr', publishedAt: '2020-06-01', supersededAt: yearsAgo(5) });
  await insert('kid-11y', { type: 'KIID', isin: publicShare.isinCode, locale: 'es', publishedAt: '2014-01-15', supersededAt: yearsAgo(11) });
  await insert('kid-unpublished', { type: 'KIID', isin: publicShare.isinCode, locale: 'en', publishedAt: '2024-02-01', supersededAt: yearsAgo(1), published: false });
  await insert('report-1y', { type: 'MONTHLY_REPORT', fundSlug: publicFund.slug, locale: 'fr', publishedAt: '2025-10-31', supersededAt: yearsAgo(1) });
  await insert('hidden-kid', { type: 'KIID', isin: hiddenShare.isinCode, locale: 'en', publishedAt: '2024-03-01', supersededAt: yearsAgo(1) });
  // A Swiss version (a KID restricted to Switzerland, docs/decisions/035), replaced since.
  await insert('kid-ch-1y', { type: 'KIID', isin: publicShare.isinCode, locale: 'en', publishedAt: '2025-03-03', supersededAt: yearsAgo(1, 20), countries: ['CH'] });
  invalidateCatalog();
});

afterAll(async () => {
  invalidateCatalog();
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

/**
 * What the pages offer: every fund page's and share page's document links, and the notice PDFs of its
 * shareholder notices (the demo has a few, issue 43), in every served language, as that language's pages show them.
 */
async function pagesOffer(profile: InvestorProfile) {
  const offered: { url: string; locale: Locale; pageLocale: Locale; fundSlug: string; isinCode: string | null; code: string; fundTitle: string; shareName: string | null }[] = [];
  for (const pageLocale of await offeredLocales()) {
    for (const fund of await listFunds(pageLocale, { profile, country: 'FR' })) {
      const offer = await fundDocumentOffer(pageLocale, fund, true);
      for (const d of offer.fund) offered.push({ url: d.url, locale: d.locale as Locale, pageLocale, fundSlug: fund.slug, isinCode: null, code: d.code, fundTitle: fund.title, shareName: null });
      for (const notice of (await fundNotices(pageLocale, { profile, country: 'FR' }, fund.slug)).items) {
        for (const d of notice.documents) offered.push({ url: d.url, locale: d.locale as Locale, pageLocale, fundSlug: fund.slug, isinCode: null, code: 'FUND_NOTICE', fundTitle: fund.title, shareName: null });
      }
      for (const share of fund.shares) {
        for (const d of await shareDocumentOffer(pageLocale, fund, share, true)) {
          offered.push({ url: d.url, locale: d.locale as Locale, pageLocale, fundSlug: fund.slug, isinCode: share.isinCode, code: d.code, fundTitle: fund.title, shareName: share.name });
        }
      }
    }
  }
  return offered;
}

/** Every row of the library for a query string, walking its pages as a visitor would. */
async function library(profile: InvestorProfile, search: Record<string, string>, locale: Locale = 'en', country = 'FR'): Promise<{ rows: LibraryDocument[]; query: LibraryQuery }> {
  const facets = await libraryFacets(locale, { profile, country });
  const rows: LibraryDocument[] = [];
  for (let page = 1; ; page += 1) {
    const query = parseLibraryQuery({ ...search, page: String(page) }, facets);
    const result = await (query.archive ? archivedLibraryPage : currentLibraryPage)({ profile, country }, query, facets);
    expect(result.rows.length).toBeLessThanOrEqual(LIBRARY_PAGE_SIZE);
    rows.push(...result.rows);
    if (rows.length >= result.total || result.rows.length === 0) {
      expect(rows).toHaveLength(result.total);
      return { rows, query: parseLibraryQuery(search, facets) };
    }
  }
}

const urls = (rows: { url: string }[]) => rows.map((r) => r.url).sort();

describe('the document library offers exactly what the fund and share pages offer', () => {
  it.each(INVESTOR_PROFILES)('for %s, unfiltered: the documents in their own language, and each French fallback as the French document', async (profile) => {
    const offered = await pagesOffer(profile);
    const { rows } = await library(profile, {});
    const own = offered.filter((o) => o.locale === o.pageLocale);
    expect(own.length).toBeGreaterThan(0);
    expect(urls(rows)).toEqual(urls(own));
    // A page offering the French file (the language has none) points to a document the library lists in French.
    const fallbacks = offered.filter((o) => o.locale !== o.pageLocale);
    expect(fallbacks.length).toBeGreaterThan(0);
    for (const f of fallbacks) {
      expect(rows).toContainEqual(expect.objectContaining({ fundSlug: f.fundSlug, isinCode: f.isinCode, code: f.code, locale: 'fr' }));
    }
    expect(rows.every((r) => r.supersededAt === null)).toBe(true);
  });

  it('lists the newest version the pages offer, never an older current one, and nothing of a hidden fund', async () => {
    const { rows } = await library('RETAIL', {});
    const kidEs = rows.filter((r) => r.isinCode === publicShare.isinCode && r.code === 'KIID' && r.locale === 'es');
    expect(kidEs).toEqual([expect.objectContaining({ publishedAt: '2026-12-01', url: `/e/es/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID` })]);
    const prospectusEn = rows.filter((r) => r.fundSlug === publicFund.slug && r.isinCode === null && r.code === 'PROSPECTUS' && r.locale === 'en');
    expect(prospectusEn.map((r) => r.publishedAt)).toEqual([DEMO_AS_OF]);
    expect(rows.some((r) => r.fundSlug === hiddenFund.slug)).toBe(false);
    expect((await library('INSTIT', {})).rows.some((r) => r.fundSlug === hiddenFund.slug)).toBe(true);
  });

  const month = DEMO_AS_OF.slice(0, 7);
  const filters: [string, Record<string, string>, (o: Awaited<ReturnType<typeof pagesOffer>>[number], publishedAt: string) => boolean][] = [
    ['fund', { fund: publicFund.slug }, (o) => o.fundSlug === publicFund.slug],
    ['share class', { share: publicShare.isinCode }, (o) => o.isinCode === publicShare.isinCode],
    ['document type', { type: 'KIID' }, (o) => o.code === 'KIID'],
    ['language', { language: 'es' }, (o) => o.locale === 'es'],
    ['month', { month }, (_, d) => d.startsWith(month)],
    ['from and to', { from: '2026-11-21', to: '2026-12-31' }, (_, d) => d >= '2026-11-21' && d <= '2026-12-31'],
    ['fund name search', { q: 'actions europe' }, (o) => o.fundSlug === publicFund.slug],
    ['ISIN search (the class and its fund)', { q: publicShare.isinCode.toLowerCase() }, (o) => o.fundSlug === publicFund.slug && (o.isinCode === null || o.isinCode === publicShare.isinCode)],
    ['Spanish KIDs of one fund', { fund: publicFund.slug, type: 'KIID', language: 'es' }, (o) => o.fundSlug === publicFund.slug && o.code === 'KIID' && o.locale === 'es'],
  ];

  it.each(filters)('filtered by %s, for every profile', async (_, search, keep) => {
    for (const profile of INVESTOR_PROFILES) {
      const offered = (await pagesOffer(profile)).filter((o) => o.locale === o.pageLocale);
      const { rows } = await library(profile, search);
      const dates = new Map(rows.map((r) => [r.url, r.publishedAt]));
      const all = new Map((await library(profile, {})).rows.map((r) => [r.url, r.publishedAt]));
      const expected = offered.filter((o) => keep(o, all.get(o.url) ?? ''));
      expect(expected.length).toBeGreaterThan(0);
      expect(urls(rows)).toEqual(urls(expected));
      expect([...dates.keys()].every((url) => all.get(url) === dates.get(url))).toBe(true);
    }
  });

  it('ignores values the form would not offer: a hidden fund, a class of another fund, a bad date, an unknown type or language', async () => {
    const all = urls((await library('RETAIL', {})).rows);
    const searches: Record<string, string>[] = [
      { fund: hiddenFund.slug },
      { share: hiddenShare.isinCode },
      { fund: publicFund.slug, share: fixtures.find((f) => f.slug !== publicFund.slug && f.visibleTo.includes('RETAIL'))?.shares[0]?.isinCode ?? '' },
      { month: '2026-13' },
      { from: '2026-02-30' },
      { type: 'NEWS_DOCUMENT' },
      { language: 'de' },
      { page: '0' },
      { q: 'x'.repeat(5000) },
    ];
    for (const search of searches) {
      const { rows, query } = await library('RETAIL', search);
      if (search.fund === publicFund.slug) expect(urls(rows)).toEqual(urls(rows.filter((r) => r.fundSlug === publicFund.slug)));
      else if (!search.q) expect(urls(rows)).toEqual(all);
      expect(query.q.length).toBeLessThanOrEqual(80);
      expect(query.share).toBeNull();
    }
  });
});

describe('the library in the routing tables', () => {
  it('keeps its filters through the language switch', async () => {
    expect(await equivalentPath('/fr/documents?type=KIID&language=es', 'es', await offeredLocales())).toBe('/es/documentos?type=KIID&language=es');
    expect(await equivalentPath('/es/documentos', 'en', await offeredLocales())).toBe('/en/documents');
  });
});

describe('the archive view (DOCUMENT_ARCHIVE_YEARS)', () => {
  it('lists the published, superseded KIDs and prospectuses of the window only, with their validity dates', async () => {
    expect(env().DOCUMENT_ARCHIVE_YEARS).toBe(10);
    const { rows } = await library('RETAIL', { archive: '1' });
    expect(rows.map((r) => r.url)).toEqual([
      `/e/es/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID/v/${inserted['kid-2y']?.id}`,
      `/e/fr/docs/funds/${publicFund.slug}/PROSPECTUS/v/${inserted['prospectus-5y']?.id}`,
    ]);
    expect(rows[0]).toMatchObject({ publishedAt: '2024-01-15', supersededAt: yearsAgo(2).toISOString().slice(0, 10) });
    const instit = await library('INSTIT', { archive: '1' });
    expect(instit.rows.map((r) => r.fundSlug)).toContain(hiddenFund.slug);
  });

  it('applies the same filters', async () => {
    expect((await library('RETAIL', { archive: '1', type: 'KIID' })).rows).toHaveLength(1);
    expect((await library('RETAIL', { archive: '1', language: 'fr' })).rows.map((r) => r.code)).toEqual(['PROSPECTUS']);
    expect((await library('RETAIL', { archive: '1', q: publicShare.isinCode })).rows).toHaveLength(2);
    expect((await library('RETAIL', { archive: '1', from: '2024-01-01', to: '2024-12-31' })).rows).toHaveLength(1);
    expect((await library('RETAIL', { archive: '1', month: '2020-06' })).rows.map((r) => r.code)).toEqual(['PROSPECTUS']);
    expect((await library('RETAIL', { archive: '1', type: 'MONTHLY_REPORT' })).rows).toHaveLength(0);
  });

  it('serves an archived version at its address, while the fund pages keep the current version', async () => {
    const res = await call(`/e/es/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID/v/${inserted['kid-2y']?.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('kid-2y.pdf');
    // Its bytes never change: a year in the browser. Whether it is served changes on dated moments: the
    // shared cache keeps it until the clock's next one (docs/decisions/064), and no process runs the
    // clock here, so the ordinary surrogate lifetime (tests/integration/clock.int.test.ts has the clock).
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('surrogate-control')).toBe(`max-age=${env().CACHE_SURROGATE_MAX_AGE}`);
    expect(res.headers.get('xkey')).toBe(`fund:${publicFund.slug} audience:RETAIL-FR`);
    const fundLevel = await call(`/e/fr/docs/funds/${publicFund.slug}/PROSPECTUS/v/${inserted['prospectus-5y']?.id}`);
    expect(fundLevel.status).toBe(200);
    // The current version's stable address: a short life, the surrogate lifetime in the shared cache.
    const stable = await call(`/e/fr/docs/funds/${publicFund.slug}/PROSPECTUS`);
    expect(stable.status).toBe(200);
    expect(stable.headers.get('cache-control')).toBe('private, max-age=300, must-revalidate');
    expect(stable.headers.get('surrogate-control')).toBe(`max-age=${env().CACHE_SURROGATE_MAX_AGE}`);
    expect(stable.headers.get('surrogate-key')).toBe(`fund:${publicFund.slug} audience:RETAIL-FR`);
    const current = await findShareDocument('es', publicFund.slug, publicShare.isinCode, 'KIID', { profile: 'RETAIL', country: 'FR' });
    expect(current?.publishedAt).toBe('2026-12-01');
  });

  it('answers 404, as an attacker would try, for anything not in the archive or not visible', async () => {
    const base = `/e/es/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID/v`;
    const paths = [
      `${base}/${inserted['kid-11y']?.id}`, // out of the window
      `${base}/${inserted['kid-unpublished']?.id}`, // unpublished (and English)
      `/e/en/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID/v/${inserted['kid-unpublished']?.id}`,
      `${base}/${inserted['newer-kid-es']?.id}`, // the current version is not an archived one
      `/e/fr/docs/funds/${publicFund.slug}/MONTHLY_REPORT/v/${inserted['report-1y']?.id}`, // not an archived type
      `/e/en/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID/v/${inserted['kid-2y']?.id}`, // another language
      `/e/es/docs/funds/${publicFund.slug}/PROSPECTUS/v/${inserted['kid-2y']?.id}`, // another type
      `/e/es/docs/funds/${publicFund.slug}/KIID/v/${inserted['kid-2y']?.id}`, // the fund, not the class
      `/e/es/docs/funds/${hiddenFund.slug}/${publicShare.isinCode}/KIID/v/${inserted['kid-2y']?.id}`, // another fund
      `/e/en/docs/funds/${hiddenFund.slug}/${hiddenShare.isinCode}/KIID/v/${inserted['hidden-kid']?.id}`, // hidden from RETAIL
      `${base}/0`,
      `${base}/-1`,
      `${base}/1e3`,
      `${base}/99999999999`,
      `${base}/${inserted['kid-2y']?.id}/extra`,
      `/e/es/docs/funds/${publicFund.slug}/x/${publicShare.isinCode}/KIID/v/${inserted['kid-2y']?.id}`,
      `/e/xx/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID/v/${inserted['kid-2y']?.id}`,
    ];
    for (const path of paths) expect([path, (await call(path)).status]).toEqual([path, 404]);
    expect((await call(`/e/en/docs/funds/${hiddenFund.slug}/${hiddenShare.isinCode}/KIID/v/${inserted['hidden-kid']?.id}`, 'INSTIT')).status).toBe(200);
  });
});

describe('an archived version restricted to some countries', () => {
  it('is listed and served to the residents of those countries only, as the current documents are (docs/decisions/035)', async () => {
    const path = `/e/en/docs/funds/${publicFund.slug}/${publicShare.isinCode}/KIID/v/${inserted['kid-ch-1y']?.id}`;
    // The list: a Swiss resident sees it, a French one does not.
    expect((await library('RETAIL', { archive: '1' }, 'en', 'CH')).rows.map((r) => r.url)).toContain(path);
    expect((await library('RETAIL', { archive: '1' }, 'en', 'FR')).rows.map((r) => r.url)).not.toContain(path);
    // The address: the same rule, for every visitor who may see the share class.
    const swiss = await call(path, 'RETAIL', 'CH');
    expect(swiss.status).toBe(200);
    expect(swiss.headers.get('content-disposition')).toContain('kid-ch-1y.pdf');
    expect((await call(path, 'INSTIT', 'CH')).status).toBe(200);
    for (const [profile, country] of [
      ['RETAIL', 'FR'],
      ['RETAIL', 'ES'],
      ['RETAIL', 'GB'],
      ['INSTIT', 'LU'],
      ['RETAIL', undefined], // no country chosen: DEFAULT_COUNTRY (FR)
      ['RETAIL', 'ch'], // not a country code: the default
    ] as const) {
      expect([profile, country, (await call(path, profile, country)).status]).toEqual([profile, country, 404]);
    }
    // A HEAD asks the same question.
    const head = await GET(new Request(`http://localhost${path}`, { method: 'HEAD', headers: { cookie: 'investor_country=FR' } }), {
      params: Promise.resolve({ locale: 'en', fundSlug: publicFund.slug, rest: [publicShare.isinCode, 'KIID', 'v', String(inserted['kid-ch-1y']?.id)] }),
    });
    expect(head.status).toBe(404);
  });
});
