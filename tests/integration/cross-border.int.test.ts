/**
 * Cross-border distribution (issue 21, docs/decisions/035) on the demo database: GraphQL's country
 * argument and Share.registrations, and a share class de-registered from a country leaving that
 * country's sitemap, RSS feed and CSV downloads. Runs on PGlite and on PostgreSQL.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { GET as csvGet } from '../../src/app/e/[locale]/data/funds/[fundSlug]/[isin]/[file]/route';
import { GET as docGet } from '../../src/app/e/[locale]/docs/funds/[fundSlug]/[...rest]/route';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { loadContentDocuments } from '../../src/server/content/queries';
import { getFund, listFunds } from '../../src/server/funds/queries';
import { newsFeedXml } from '../../src/server/http/news-feed';
import { getNewsItem } from '../../src/server/news/queries';
import { publishChange } from '../../src/server/publish/publish';
import { siteSitemap } from '../../src/server/seo/sitemap';
import { gql } from './graphql-client';

// Outside a Next server there is no data cache: the sitemap's generator runs directly.
vi.mock('next/cache', () => ({ unstable_cache: <T>(fn: T) => fn, revalidatePath: () => undefined, revalidateTag: () => undefined }));

type FundsAnswer = { funds: { slug: string; shares: { isinCode: string }[] }[] };
const slugsFor = async (investorProfile: string, country?: string) => {
  const { data, errors } = await gql<FundsAnswer>('query ($p: String, $c: String) { funds(locale: "en", investorProfile: $p, country: $c) { slug shares { isinCode } } }', {
    p: investorProfile,
    c: country,
  });
  expect(errors).toBeUndefined();
  return data!.funds.map((f) => f.slug).sort();
};

const pme = funds.find((f) => f.slug === 'aurore-pme-eti-france')!;
const climat = funds.find((f) => f.slug === 'aurore-climat-actions-monde')!;
const tresorerie = funds.find((f) => f.slug === 'aurore-tresorerie')!;

describe('GraphQL: funds and shares by country of residence', () => {
  it('takes the country as an argument; absent, the default country (FR)', async () => {
    const france = await slugsFor('RETAIL');
    expect(await slugsFor('RETAIL', 'FR')).toEqual(france);
    expect(france).toContain(pme.slug);
    // Registered in France and Luxembourg only.
    expect(await slugsFor('RETAIL', 'LU')).toContain(pme.slug);
    const spain = await slugsFor('RETAIL', 'ES');
    expect(spain).not.toContain(pme.slug);
    expect(spain.length).toBe(france.length - 1);
    // Offered in Switzerland to professional investors only.
    expect(await slugsFor('RETAIL', 'CH')).not.toContain(climat.slug);
    expect(await slugsFor('INSTIT', 'CH')).toContain(climat.slug);
    // The international choice sees only what is registered for it.
    expect(await slugsFor('RETAIL', 'INT')).toEqual([climat.slug]);
    expect(await slugsFor('INSTIT', 'INT')).toEqual(['aurore-alpha-multi-strategies', climat.slug].sort());
  });

  it('refuses an unknown country by name, as it refuses an unknown profile', async () => {
    for (const country of ['ZZ', 'fr', "FR' OR 1=1", 'X'.repeat(5000)]) {
      const { data, errors } = await gql('query ($c: String) { funds(locale: "en", country: $c) { slug } }', { c: country });
      expect(data ?? null, country.slice(0, 10)).toBeNull();
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(errors?.[0]?.message).toMatch(/^Unknown country ".{0,20}"\. Available countries: BE, CH, ES, FR, GB, INT, LU\.$/);
    }
  });

  it('filters a fund’s shares by their own country argument, and gives each share’s registrations', async () => {
    const query = `query ($slug: String!) {
      fund(locale: "en", slug: $slug, investorProfile: "RETAIL", country: "LU") {
        shares(investorProfile: "INSTIT", country: "ES") { isinCode }
        luShares: shares { isinCode registrations { country investorProfiles } }
      }
    }`;
    const lu = await gql<{ fund: { shares: { isinCode: string }[]; luShares: { isinCode: string; registrations: { country: string; investorProfiles: string[] }[] }[] } }>(query, { slug: pme.slug });
    expect(lu.errors).toBeUndefined();
    expect(lu.data!.fund.shares).toEqual([]);
    const retailShare = pme.shares.find((s) => s.visibleTo.includes('RETAIL'))!;
    expect(lu.data!.fund.luShares.map((s) => s.isinCode)).toEqual([retailShare.isinCode]);
    expect(lu.data!.fund.luShares[0]!.registrations).toEqual([
      { country: 'FR', investorProfiles: ['RETAIL', 'INSTIT', 'CGP'] },
      { country: 'LU', investorProfiles: ['RETAIL', 'INSTIT', 'CGP'] },
    ]);
    const chf = climat.shares.find((s) => s.isinCode === 'LU2588126404')!;
    const swiss = await gql<{ shareByIsin: { registrations: { country: string; investorProfiles: string[] }[] } }>(
      'query ($isin: String!) { shareByIsin(locale: "en", isinCode: $isin, investorProfile: "INSTIT", country: "CH") { registrations { country investorProfiles } } }',
      { isin: chf.isinCode },
    );
    expect(swiss.errors).toBeUndefined();
    expect(swiss.data!.shareByIsin.registrations.find((r) => r.country === 'CH')).toEqual({ country: 'CH', investorProfiles: ['INSTIT'] });
  });
});

describe('a share class de-registered from a country', () => {
  const retailShares = tresorerie.shares.filter((s) => s.visibleTo.includes('RETAIL'));
  const article = news.find((n) => n.fundSlug === tresorerie.slug)!.translations.en!;
  const csv = (isin: string, country: string) =>
    csvGet(new Request(`http://localhost/e/en/data/funds/${tresorerie.slug}/${isin}/nav-history.csv`, { headers: { cookie: `investor_country=${country}` } }), {
      params: Promise.resolve({ locale: 'en', fundSlug: tresorerie.slug, isin, file: 'nav-history.csv' }),
    });
  const sitemapUrls = async () => (await siteSitemap()).map((e) => e.url);

  async function withdraw(on: boolean) {
    const db = await getDb();
    const ids = (await db.select({ id: t.shares.id }).from(t.shares).where(inArray(t.shares.isinCode, retailShares.map((s) => s.isinCode)))).map((r) => r.id);
    await db
      .update(t.shareRegistrations)
      .set({ withdrawnOn: on ? sql`current_date` : null })
      .where(and(inArray(t.shareRegistrations.shareId, ids), eq(t.shareRegistrations.countryCode, 'FR'), eq(t.shareRegistrations.investorProfile, 'RETAIL')));
    // As the back-office does after a change of the matrix.
    await publishChange(db, { registrations: [{ country: 'FR', profile: 'RETAIL' }], funds: [{ slug: tresorerie.slug }] });
  }

  afterAll(() => withdraw(false));

  it('leaves that country’s sitemap, RSS feed and CSV downloads, and stays in the others', async () => {
    const fundUrl = (urls: string[]) => urls.some((u) => u.endsWith(`/funds/${tresorerie.slug}`));
    expect(fundUrl(await sitemapUrls())).toBe(true);
    expect(await newsFeedXml('en')).toContain(article.slug);
    expect((await csv(retailShares[0]!.isinCode, 'FR')).status).toBe(200);

    // Withdrawn today: no longer registered (registered until the day before withdrawn_on).
    await withdraw(true);
    expect(fundUrl(await sitemapUrls())).toBe(false);
    expect(await newsFeedXml('en')).not.toContain(article.slug);
    expect((await csv(retailShares[0]!.isinCode, 'FR')).status).toBe(404);
    // Without a country cookie: DEFAULT_COUNTRY, France.
    const noCookie = await csvGet(new Request(`http://localhost/e/en/data/funds/${tresorerie.slug}/${retailShares[0]!.isinCode}/nav-history.csv`), {
      params: Promise.resolve({ locale: 'en', fundSlug: tresorerie.slug, isin: retailShares[0]!.isinCode, file: 'nav-history.csv' }),
    });
    expect(noCookie.status).toBe(404);
    // Still registered in Belgium.
    expect((await csv(retailShares[0]!.isinCode, 'BE')).status).toBe(200);
    expect(await slugsFor('RETAIL', 'BE')).toContain(tresorerie.slug);
    expect(await slugsFor('RETAIL', 'FR')).not.toContain(tresorerie.slug);

    await withdraw(false);
    expect(fundUrl(await sitemapUrls())).toBe(true);
    expect((await csv(retailShares[0]!.isinCode, 'FR')).status).toBe(200);
  });
});

describe('a fund whose share classes are all archived', () => {
  // Registered in the EU only (FR, BE, LU, ES); it has a prospectus and a news article.
  const patrimoine = funds.find((f) => f.slug === 'aurore-patrimoine')!;
  const article = news.find((n) => n.fundSlug === patrimoine.slug)!.translations.en!;
  const prospectus = (country: string) =>
    docGet(new Request(`http://localhost/e/en/docs/funds/${patrimoine.slug}/PROSPECTUS`, { headers: { cookie: `investor_country=${country}` } }), {
      params: Promise.resolve({ locale: 'en', fundSlug: patrimoine.slug, rest: ['PROSPECTUS'] }),
    });

  async function archiveShares(archived: boolean) {
    const db = await getDb();
    const [fund] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, patrimoine.slug));
    await db.update(t.shares).set({ active: !archived }).where(eq(t.shares.fundId, fund!.id));
    // As the back-office does when it archives a share class.
    await publishChange(db, { menu: true });
  }

  afterAll(() => archiveShares(false));

  /** Everything a visitor of the country reaches of the fund: its page, range entry, prospectus, news article and content documents. */
  async function reached(country: string) {
    const audience = { profile: 'RETAIL' as const, country };
    const content = await loadContentDocuments('/', audience);
    return {
      graphql: (await slugsFor('RETAIL', country)).includes(patrimoine.slug),
      range: (await listFunds('en', audience)).some((f) => f.slug === patrimoine.slug),
      page: (await getFund('en', patrimoine.slug, audience)) !== null,
      prospectus: (await prospectus(country)).status,
      news: (await getNewsItem('en', article.slug, audience)) !== null,
      content: content.some((d) => JSON.stringify(d).includes(article.slug)),
    };
  }

  it('is shown nowhere, not even where it was never registered, until a class is active again', async () => {
    const shown = { graphql: true, range: true, page: true, prospectus: 200, news: true, content: true };
    const hidden = { graphql: false, range: false, page: false, prospectus: 404, news: false, content: false };
    expect(await reached('FR')).toEqual(shown);
    expect(await reached('CH')).toEqual(hidden);

    await archiveShares(true);
    // No active class: nothing may be marketed, in the countries it was registered in or elsewhere.
    for (const country of ['FR', 'ES', 'CH', 'GB', 'INT']) expect([country, await reached(country)]).toEqual([country, hidden]);
    const sitemap = (await siteSitemap()).map((e) => e.url);
    expect(sitemap.some((u) => u.endsWith(`/funds/${patrimoine.slug}`))).toBe(false);
    expect(await newsFeedXml('en')).not.toContain(article.slug);
    for (const profile of ['INSTIT', 'CGP']) expect(await slugsFor(profile, 'CH')).not.toContain(patrimoine.slug);

    await archiveShares(false);
    expect(await reached('FR')).toEqual(shown);
    expect(await reached('CH')).toEqual(hidden);
  });
});
