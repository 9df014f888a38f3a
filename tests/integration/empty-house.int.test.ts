/**
 * "An empty house works" (issue 43): a first start with SEED_DEMO=false on an empty database seeds
 * the base (reference data, the company named by COMPANY_NAME, every content page from its neutral
 * template), once, and every route of the SPEC then has what it renders from, in fr, en and es, with
 * no fund and no news, and nothing of the demo house. The file opens its own empty PGlite database
 * and starts it as a process does (migrations, then the seed), in place of the golden image.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_CODES } from '../../src/domain/catalog';
import { TEMPLATE_GAP } from '../../src/domain/content/country-page';
import { isKnownPagePath } from '../../src/domain/routing/known-paths';
import { localizedPath } from '../../src/domain/routing/paths';
import { LAYOUT_QUERY, LAYOUT_VARIABLES, DISCLAIMER_QUERY } from '../../src/graphql/operations';
import { openPglite, type Database } from '../../src/server/db/client';
import { setDatabaseForTests } from '../../src/server/db/index';
import * as t from '../../src/server/db/schema';
import { seedBase } from '../../src/server/db/seed/base';
import { prepareDatabase } from '../../src/server/db/start-up';
import { listFundsWithFigures } from '../../src/server/funds/queries';
import { loadRouteCatalog } from '../../src/server/http/route-catalog';
import { loadOfferedLocales } from '../../src/server/site/languages-queries';
import { listNews, listNewsCategories } from '../../src/server/news/queries';
import { getLayoutData } from '../../src/server/site/layout-queries';
import { getCompany, getDisclaimers, getPage, listPages } from '../../src/server/site/queries';
import { pagesWithGaps } from '../../src/server/pages/staff-queries';
import { setupChecklist } from '../../src/domain/setup/checklist';
import { setupFacts } from '../../src/server/setup/queries';
import { gql } from './graphql-client';

// Read by src/env.ts on its first use, which comes after this file's imports; given back after the file.
vi.hoisted(() => {
  vi.stubEnv('SEED_DEMO', 'false');
  vi.stubEnv('COMPANY_NAME', 'Gestion du Levant');
});

const NAME = 'Gestion du Levant';
const LOCALES = ['fr', 'en', 'es'] as const;
const PROFILES = ['RETAIL', 'INSTIT', 'CGP'] as const;
const audience = { profile: 'RETAIL', country: 'FR' } as const;

/** The content routes of the SPEC (§2) and the page each renders (src/app/[locale]/[profile]/…/page.tsx). */
const CONTENT_ROUTES = [
  ['/about-us', 'about-us'],
  ['/contact', 'contact'],
  ['/esg', 'esg'],
  ['/expertise', 'expertise'],
  ['/fund-range', 'fund-range'],
  ['/gdpr', 'rgpd'],
  ['/legal-notices', 'legal-notices'],
  ['/news', 'news'],
  ['/regulatory-informations', 'regulatory-informations'],
  ['/responsible-investment', 'sri'],
  ['/accessibility', 'accessibility'],
] as const;

let database: Database;

beforeAll(async () => {
  database = await openPglite(await PGlite.create());
  setDatabaseForTests(database);
  // What a process does at start on its database: migrations, then the seed of an empty database.
  await prepareDatabase(database);
}, 180_000);

afterAll(async () => {
  await database.close();
  vi.unstubAllEnvs();
});

describe('an empty start with SEED_DEMO=false', () => {
  it('seeds the base once: reference data, the company, every page, and a seed run', async () => {
    const db = database.db;
    expect(await db.select({ version: t.seedRuns.version }).from(t.seedRuns)).toEqual([{ version: 'base-1' }]);
    expect((await db.select({ code: t.pages.code }).from(t.pages)).map((p) => p.code).sort()).toEqual([...PAGE_CODES].sort());
    expect((await db.select({ locale: t.languages.locale }).from(t.languages)).map((l) => l.locale).sort()).toEqual(['en', 'es', 'fr']);
    // Every shipped language offered, French first (the default), every country served, until the house chooses (docs/decisions/061).
    expect(await loadOfferedLocales(db)).toEqual(['fr', 'en', 'es']);
    expect(await db.$count(t.countries, eq(t.countries.served, false))).toBe(0);
    expect((await db.select({ code: t.investorProfiles.code }).from(t.investorProfiles)).map((p) => p.code).sort()).toEqual([...PROFILES].sort());
    expect(await db.$count(t.countries, undefined)).toBeGreaterThan(0);
    expect(await db.$count(t.documentTypes)).toBeGreaterThan(0);
    expect(await db.$count(t.currencies)).toBeGreaterThan(0);
    expect(await db.$count(t.funds)).toBe(0);
    expect(await db.$count(t.news)).toBe(0);

    // Again, at the next start, or by hand: nothing is written twice or overwritten.
    const texts = await db.$count(t.componentTexts);
    await prepareDatabase(database);
    expect(await seedBase(db, { companyName: 'Another name' })).toEqual({ seeded: false, pages: 0 });
    expect(await db.$count(t.seedRuns)).toBe(1);
    expect(await db.$count(t.componentTexts)).toBe(texts);
    expect((await getCompany('en'))?.title).toBe(NAME);
  });

  for (const locale of LOCALES) {
    it(`gives the home page its house's name and honest emptiness, in ${locale}`, async () => {
      const company = await getCompany(locale);
      expect(company?.title).toBe(NAME);
      expect(company?.baseline).not.toBe('');
      expect(company?.keyFigures).toEqual([]);
      const pages = await listPages(locale);
      expect(pages.find((p) => p.code === 'home')).toBeDefined();
      for (const profile of PROFILES) expect(await listFundsWithFigures(locale, { profile, country: 'FR' })).toEqual([]);
      expect((await listNews(locale, audience, { limit: 3 })).items).toEqual([]);
      expect(await listNewsCategories(locale)).toEqual([]);
      const layout = await getLayoutData(locale, audience);
      expect(layout.company.title).toBe(NAME);
    });

    it(`has the page of every SPEC content route, titled, in ${locale}`, async () => {
      for (const [route, code] of CONTENT_ROUTES) {
        const page = await getPage(locale, code);
        expect(page, `${localizedPath(route, locale)} (${code})`).not.toBeNull();
        expect(page?.title).not.toBe('');
        expect(page?.components.length, code).toBeGreaterThan(0);
      }
      const disclaimers = await getDisclaimers(locale);
      expect(disclaimers.main).toContain(NAME);
      expect(disclaimers.pastPerformance).not.toBe('');
    });
  }

  it('marks what only the house knows with the back-office template gap, in every language', async () => {
    for (const locale of LOCALES) {
      const legal = await getPage(locale, 'legal-notices');
      expect(legal?.components.flatMap((c) => c.texts).some((x) => x.content.includes(TEMPLATE_GAP))).toBe(true);
      expect(legal?.components.flatMap((c) => c.texts).some((x) => x.content.includes(NAME))).toBe(true);
    }
  });

  it('has the go-live checklist list what the house must still provide (the demo houses list none: demo-houses.int.test.ts)', async () => {
    const items = setupChecklist(await setupFacts(database.db));
    const pending = Object.fromEntries(items.filter((i) => !i.done).map((i) => [i.code, i.missing]));
    expect(Object.keys(pending)).toEqual(expect.arrayContaining(['identity', 'fund', 'legal-notices', 'rgpd', 'accessibility', 'approver']));
    expect(pending.identity).toEqual(expect.arrayContaining(['ADDRESS', 'legalName', 'lei', 'regulator']));
    expect(pending['legal-notices']).toEqual(['gaps']);
    // Nothing is registered, so no KID and no country page is owed yet.
    expect(pending.kids).toBeUndefined();
    expect(pending['country-pages']).toBeUndefined();
  });

  it('lists for staff the pages still holding a gap, until each is replaced', async () => {
    const db = database.db;
    const withGaps = await pagesWithGaps(db);
    expect(withGaps).toEqual(['about-us', 'expertise', 'esg', 'sri', 'contact', 'legal-notices', 'regulatory-informations', 'rgpd', 'accessibility', 'disclaimers']);
    // The house writes its host's name in the legal notices, in every language; other gaps remain.
    const texts = await db
      .select({ id: t.componentTexts.id, content: t.componentTexts.content })
      .from(t.componentTexts)
      .innerJoin(t.pageComponents, eq(t.pageComponents.id, t.componentTexts.componentId))
      .where(eq(t.pageComponents.pageCode, 'legal-notices'));
    const filled = (value: t.Localized): t.Localized => ({ fr: value.fr.replaceAll(TEMPLATE_GAP, 'Hébergeur SA'), en: value.en?.replaceAll(TEMPLATE_GAP, 'Hébergeur SA'), es: value.es?.replaceAll(TEMPLATE_GAP, 'Hébergeur SA') });
    const [first, ...rest] = texts;
    await db.update(t.componentTexts).set({ content: filled(first!.content) }).where(eq(t.componentTexts.id, first!.id));
    expect(await pagesWithGaps(db)).toContain('legal-notices');
    for (const text of rest) await db.update(t.componentTexts).set({ content: filled(text.content) }).where(eq(t.componentTexts.id, text.id));
    expect(await pagesWithGaps(db)).toEqual(withGaps.filter((code) => code !== 'legal-notices'));
  });

  it('lets the proxy through to every SPEC route and answers 404 for a fund, share, article or category that does not exist', async () => {
    const catalog = await loadRouteCatalog(database.db);
    for (const locale of LOCALES) {
      for (const [route] of CONTENT_ROUTES) expect(isKnownPagePath([route.slice(1)], locale, catalog), route).toBe(true);
      expect(isKnownPagePath(['documents'], locale, catalog)).toBe(true);
      expect(isKnownPagePath(['shareholder-notices'], locale, catalog)).toBe(true);
      expect(isKnownPagePath(['funds', 'no-such-fund'], locale, catalog)).toBe(false);
      expect(isKnownPagePath(['funds', 'no-such-fund', 'shares', 'a-share'], locale, catalog)).toBe(false);
      expect(isKnownPagePath(['news', 'no-such-article'], locale, catalog)).toBe(false);
      expect(isKnownPagePath(['news', 'c', 'no-such-category'], locale, catalog)).toBe(false);
    }
  });

  it('answers the layout and disclaimer queries with the house and no fund, in every language and profile', async () => {
    for (const locale of LOCALES) {
      for (const profile of PROFILES) {
        const { data, errors } = await gql<{ company: { title: string }; pages: { code: string }[]; fundCategories: unknown[]; investorProfiles: unknown[] }>(LAYOUT_QUERY, {
          ...LAYOUT_VARIABLES,
          locale,
          investorProfile: profile,
        });
        expect(errors).toBeUndefined();
        expect(data?.company.title).toBe(NAME);
        expect(data?.pages.map((p) => p.code).sort()).toEqual([...PAGE_CODES].sort());
        expect(data?.fundCategories).toEqual([]);
        expect(data?.investorProfiles).toHaveLength(3);
      }
    }
    for (const locale of LOCALES) {
      const { data, errors } = await gql(DISCLAIMER_QUERY, { locale });
      expect(errors).toBeUndefined();
      expect(JSON.stringify(data)).toContain(NAME);
    }
  });

  it('holds nothing of the demo house', async () => {
    const db = database.db;
    const everything = JSON.stringify([
      await db.select().from(t.company),
      await db.select().from(t.companyInfos),
      await db.select().from(t.keyFigures),
      await db.select().from(t.pages),
      await db.select().from(t.componentTexts),
      await db.select().from(t.countries),
      await db.select().from(t.documentTypes),
    ]);
    expect(everything).toContain(NAME);
    expect(everything).not.toMatch(/aurore|meridian fund/i);
    const { data } = await gql(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'en', investorProfile: 'RETAIL' });
    expect(JSON.stringify(data)).not.toMatch(/aurore|meridian fund/i);
  });
});
