/**
 * Two demo houses (issue 43, build item 5): `SEED_DEMO=aurore` (the default) and `SEED_DEMO=meridian`
 * seed two fund houses that share nothing but the platform. On one database, each in turn (the golden
 * image holds the first; the second is seeded over it, as `npm run db:seed` would), the file checks
 * that the go-live checklist has nothing missing, that the notices list and its RSS feed are not
 * empty, that there is a past suspension and a dividend history, and that what the real code makes
 * of the house (company, range, legal notices, news, the RSS and iCalendar feeds, the sitemap, a
 * factsheet PDF, the EMT and EPT files) names that house and never the other. The pages themselves
 * need a built server: tests/e2e/demo-houses.spec.ts.
 *
 * Environment items of the checklist: SMTP_URL and ALERT_EMAIL are given to this file (an operator's
 * settings, not the house's), and two approvers are created, as an operator would; every other item
 * must be done by the seed alone. DEFAULT_COUNTRY is LU, a country both houses serve.
 */
import { and, eq, lte } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as findatexFile } from '../../src/app/e/[locale]/data/findatex/[file]/route';
import { GET as getIcs } from '../../src/app/e/[locale]/feeds/notices.ics/route';
import { GET as getRss } from '../../src/app/e/[locale]/feeds/notices.rss/route';
import { completedMonth } from '../../src/domain/documents/factsheet';
import { setupChecklist } from '../../src/domain/setup/checklist';
import type { Audience } from '../../src/domain/registrations/audience';
import { memoryCaches } from '../../src/server/cache/registry';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { demoHouse } from '../../src/server/db/seed/houses';
import { seedDemo } from '../../src/server/db/seed/seed';
import { listNotices } from '../../src/server/events/queries';
import { generateFactsheets } from '../../src/server/factsheets/generate';
import { listFundsWithFigures } from '../../src/server/funds/queries';
import { listNews } from '../../src/server/news/queries';
import { siteSitemap } from '../../src/server/seo/sitemap';
import { setupFacts } from '../../src/server/setup/queries';
import { getCompany, getPage } from '../../src/server/site/queries';

vi.hoisted(() => {
  vi.stubEnv('SMTP_URL', 'smtp://mail.example:25');
  vi.stubEnv('ALERT_EMAIL', 'ops@example.com');
  vi.stubEnv('DEFAULT_COUNTRY', 'LU');
});

// Outside a Next server there is no data cache: the sitemap's generator runs directly.
vi.mock('next/cache', () => ({ unstable_cache: <T>(fn: T) => fn, revalidatePath: () => undefined, revalidateTag: () => undefined }));

const AUDIENCE: Audience = { profile: 'RETAIL', country: 'LU' };
const LOCALES = ['en', 'fr'] as const;
const request = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie: `investor_profile=${AUDIENCE.profile}; investor_country=${AUDIENCE.country}` } });
const params = <P extends Record<string, string>>(p: P) => ({ params: Promise.resolve(p) });

/**
 * Each house's name, and what must never appear in the other's output: its name, the stem of its slugs
 * and fund titles. (The first house holds a fictional "Meridian Renewables Inc." in a portfolio: a
 * company's name, not the house's.)
 */
const HOUSES = {
  aurore: { name: 'Aurore Gestion', legalName: 'Aurore Gestion SAS', stem: /aurore/i },
  meridian: { name: 'Meridian Fund Management', legalName: 'Meridian Fund Management S.A.', stem: /meridian[ -](?:fund|euro|green)/i },
} as const;
type Code = keyof typeof HOUSES;
const other = (code: Code): Code => (code === 'aurore' ? 'meridian' : 'aurore');

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** What the real code produces of the house now seeded, by name. */
async function outputs(): Promise<Record<string, string>> {
  const db = await getDb();
  const out: Record<string, string> = {};
  for (const locale of LOCALES) {
    out[`company ${locale}`] = JSON.stringify(await getCompany(locale));
    out[`fund range ${locale}`] = JSON.stringify(await listFundsWithFigures(locale, AUDIENCE));
    out[`legal notices ${locale}`] = JSON.stringify(await getPage(locale, 'legal-notices'));
    out[`news ${locale}`] = JSON.stringify(await listNews(locale, AUDIENCE, { limit: 10 }));
    out[`notices RSS ${locale}`] = await (await getRss(request(`/e/${locale}/feeds/notices.rss`), params({ locale }))).text();
    out[`notices iCalendar ${locale}`] = await (await getIcs(request(`/e/${locale}/feeds/notices.ics`), params({ locale }))).text();
  }
  out.sitemap = JSON.stringify(await siteSitemap());
  for (const file of ['emt.csv', 'ept.csv']) {
    const answer = await findatexFile(request(`/e/en/data/findatex/${file}`), params({ locale: 'en', file }));
    expect(answer.status, file).toBe(200);
    out[file] = await answer.text();
  }
  const [factsheet] = await db
    .select({ data: t.documents.data })
    .from(t.documents)
    .innerJoin(t.shares, eq(t.shares.id, t.documents.shareId))
    .where(and(eq(t.documents.documentTypeCode, 'FACTSHEET'), eq(t.documents.locale, 'en'), eq(t.shares.isMain, true)))
    .limit(1);
  expect(factsheet, 'a factsheet').toBeDefined();
  out['factsheet PDF'] = await pdfText(factsheet!.data);
  return out;
}

beforeAll(async () => {
  const db = await getDb();
  // Two accounts who may approve, as an operator creates them (the demo seeds no staff).
  await db.insert(t.staffUser).values([
    { id: 'demo-houses-admin', name: 'Admin', email: 'admin@demo-houses.example', role: 'admin' },
    { id: 'demo-houses-compliance', name: 'Compliance', email: 'compliance@demo-houses.example', role: 'compliance' },
  ]);
});

afterAll(async () => {
  // The file's database is its own; the first house is put back for whatever reads it after.
  await seedDemo(await getDb(), demoHouse('aurore'));
});

describe.each(['aurore', 'meridian'] as const)('the demo house %s', (code) => {
  const house = HOUSES[code];
  let produced: Record<string, string> = {};

  beforeAll(async () => {
    const db = await getDb();
    await seedDemo(db, demoHouse(code));
    for (const cache of memoryCaches()) cache.clear();
    await generateFactsheets(db, completedMonth(DEMO_AS_OF), { type: 'system', label: 'demo-houses test' });
    produced = await outputs();
  }, 300_000);

  it('lists nothing missing on the go-live checklist', async () => {
    const facts = await setupFacts(await getDb());
    const items = setupChecklist(facts);
    expect(items.filter((i) => !i.done).map((i) => ({ code: i.code, missing: i.missing }))).toEqual([]);
  });

  it('has shareholder notices in the list and its RSS feed, a past suspension and a dividend history', async () => {
    const db = await getDb();
    for (const locale of LOCALES) {
      const { items, total } = await listNotices(locale, AUDIENCE);
      expect(total, locale).toBeGreaterThan(0);
      expect(items.some((n) => n.documents.length > 0), `${locale}: a notice PDF`).toBe(true);
      expect(produced[`notices RSS ${locale}`]).toContain('<item>');
    }
    const today = new Date().toISOString().slice(0, 10);
    const past = await db.select({ id: t.fundEvents.id }).from(t.fundEvents).where(and(eq(t.fundEvents.type, 'suspension'), lte(t.fundEvents.endsOn, today)));
    expect(past.length).toBeGreaterThan(0);
    const [notice] = await db.select({ id: t.documents.id }).from(t.documents).where(eq(t.documents.eventId, past[0]!.id)).limit(1);
    expect(notice, 'the suspension’s notice PDF').toBeDefined();
    expect(await db.$count(t.dividends)).toBeGreaterThan(0);
  });

  it('names itself, and never the other house, in everything the site makes of it', () => {
    const foreign = HOUSES[other(code)];
    const named = Object.entries(produced).filter(([, text]) => text.includes(house.name)).map(([what]) => what);
    // The company, legal notices, factsheet and data files name the house; the feeds and the sitemap carry its funds.
    for (const what of ['company en', 'company fr', 'legal notices en', 'legal notices fr', 'factsheet PDF', 'emt.csv', 'ept.csv']) expect(named, what).toContain(what);
    for (const what of ['sitemap', 'notices RSS en', 'notices iCalendar en', 'fund range en', 'news en']) expect(produced[what], what).toMatch(house.stem);
    const leaks = Object.entries(produced).filter(([, text]) => foreign.stem.test(text)).map(([what, text]) => `${what}: …${text.slice(Math.max(0, text.search(foreign.stem) - 60), text.search(foreign.stem) + 60)}…`);
    expect(leaks).toEqual([]);
  });

  it('gives the data files the house’s legal name and LEI as producer and manufacturer, from its company row', async () => {
    const [company] = await (await getDb()).select({ legalName: t.company.legalName, lei: t.company.lei }).from(t.company);
    expect(company?.legalName).toBe(house.legalName);
    for (const file of ['emt.csv', 'ept.csv']) {
      expect(produced[file], file).toContain(house.legalName);
      expect(produced[file], file).toContain(company!.lei!);
    }
  });
});
