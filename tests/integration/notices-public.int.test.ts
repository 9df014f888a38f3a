/**
 * Where investors see fund events (issue 34): visibility by the registration matrix and the
 * announcement date, the notice PDFs' language and country, the in-force rule in the queries and
 * GraphQL, the document library's notices, and the feeds' content and bounds. Events are written
 * straight into the tables (tests/support/notices-fixture.ts): the staff side has its own tests.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getDocument } from '../../src/app/e/[locale]/docs/funds/[fundSlug]/[...rest]/route';
import { GET as getFundRss } from '../../src/app/e/[locale]/feeds/funds/[fundSlug]/notices.rss/route';
import { GET as getIcs } from '../../src/app/e/[locale]/feeds/notices.ics/route';
import { GET as getRss } from '../../src/app/e/[locale]/feeds/notices.rss/route';
import { NOTICES_RSS_SIZE } from '../../src/domain/events/notices';
import type { Audience } from '../../src/domain/registrations/audience';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { currentLibraryDocuments } from '../../src/server/documents/library-queries';
import { fundNotices, fundRestrictions, listNotices, restrictionsByFund, shareNotices, shareRestrictions } from '../../src/server/events/queries';
import { getFund } from '../../src/server/funds/queries';
import { siteSitemap } from '../../src/server/seo/sitemap';
import { gql } from './graphql-client';
import { dayFromToday, insertDividend, insertEvent } from '../support/notices-fixture';

// Outside a Next server there is no data cache: the sitemap's generator runs directly.
vi.mock('next/cache', () => ({ unstable_cache: <T>(fn: T) => fn, revalidatePath: () => undefined, revalidateTag: () => undefined }));

/** Registered in France and Luxembourg only (src/server/db/seed/fixtures/registrations.ts). */
const LOCAL_FUND = 'aurore-pme-eti-france';
const RETAIL_CLASS = 'FR00140E5H37';
/** Registered in the EU, Switzerland and the United Kingdom. */
const EUROPE_FUND = 'aurore-actions-europe';
const EUROPE_CLASSES = ['FR00140A3K73', 'FR00140B7M26'] as const;

const FR: Audience = { profile: 'RETAIL', country: 'FR' };
const LU: Audience = { profile: 'RETAIL', country: 'LU' };
const ES: Audience = { profile: 'RETAIL', country: 'ES' };

const cookie = (a: Audience) => `investor_profile=${a.profile}; investor_country=${a.country}`;
const request = (path: string, a: Audience = FR) => new Request(`http://localhost${path}`, { headers: { cookie: cookie(a) } });

let suspension: Awaited<ReturnType<typeof insertEvent>>;
let future: Awaited<ReturnType<typeof insertEvent>>;
let europeOne: Awaited<ReturnType<typeof insertEvent>>;
let gate: Awaited<ReturnType<typeof insertEvent>>;

beforeAll(async () => {
  const db = await getDb();
  await db.delete(t.fundEvents);
  suspension = await insertEvent(db, {
    fundSlug: LOCAL_FUND,
    type: 'suspension',
    title: { fr: 'Suspension des rachats', en: 'Redemptions suspended', es: 'Reembolsos suspendidos' },
    body: { fr: 'Le fonds suspend.', en: 'The fund suspends.' },
    announcedOn: dayFromToday(-2),
    effectiveOn: dayFromToday(-1),
    notices: [{ locale: 'fr' }, { locale: 'en' }, { locale: 'en', countries: ['LU'], title: 'Luxembourg notice' }],
  });
  future = await insertEvent(db, {
    fundSlug: LOCAL_FUND,
    type: 'merger',
    title: { fr: 'Fusion à venir' },
    announcedOn: dayFromToday(3),
    effectiveOn: dayFromToday(30),
    notices: [{ locale: 'fr' }],
  });
  europeOne = await insertEvent(db, {
    fundSlug: EUROPE_FUND,
    isins: [EUROPE_CLASSES[0]],
    type: 'name-change',
    title: { fr: 'Changement de nom de la part', en: 'Share class renamed' },
    announcedOn: dayFromToday(-10),
    effectiveOn: dayFromToday(5),
  });
  // A gate activated, then lifted: not in force any more. Another tool, still in force, ends tomorrow + 1.
  gate = await insertEvent(db, { fundSlug: EUROPE_FUND, type: 'lmt-activated', tool: 'redemption-gate', title: { fr: 'Gates' }, announcedOn: dayFromToday(-20), effectiveOn: dayFromToday(-20) });
  await insertEvent(db, { fundSlug: EUROPE_FUND, type: 'lmt-lifted', tool: 'redemption-gate', title: { fr: 'Fin des gates' }, announcedOn: dayFromToday(-3), effectiveOn: dayFromToday(-2) });
  await insertEvent(db, {
    fundSlug: EUROPE_FUND,
    type: 'lmt-activated',
    tool: 'swing-pricing',
    title: { fr: 'Swing pricing', en: 'Swing pricing' },
    announcedOn: dayFromToday(-4),
    effectiveOn: dayFromToday(-4),
    endsOn: dayFromToday(2),
  });
  await insertDividend(db, RETAIL_CLASS, { exDate: dayFromToday(7), recordDate: dayFromToday(8), paymentDate: dayFromToday(9), amount: '1.250000' });
});

afterAll(async () => {
  // On PostgreSQL the files of a worker share its database: leave it as the seed made it.
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
  else {
    const db = await getDb();
    await db.delete(t.fundEvents);
    await db.delete(t.dividends);
  }
});

describe('visibility', () => {
  it('shows an announced event to the audiences where one of its classes is registered, never to others', async () => {
    const fr = await listNotices('en', FR);
    expect(fr.items.map((n) => n.id)).toContain(suspension.eventId);
    const es = await listNotices('en', ES);
    expect(es.items.map((n) => n.id)).not.toContain(suspension.eventId);
    expect(es.items.map((n) => n.id)).toContain(europeOne.eventId);
    expect(await fundNotices('en', ES, LOCAL_FUND)).toEqual({ items: [], total: 0 });
  });

  it('waits for the announcement date', async () => {
    const ids = (await listNotices('fr', FR, { fundSlug: LOCAL_FUND })).items.map((n) => n.id);
    expect(ids).toEqual([suspension.eventId]);
    expect(ids).not.toContain(future.eventId);
    const later = await listNotices('fr', FR, { fundSlug: LOCAL_FUND, today: dayFromToday(3) });
    expect(later.items.map((n) => n.id)).toEqual([future.eventId, suspension.eventId]);
  });

  it("gives the page language's PDF, else French, and a country's own PDF to that country only", async () => {
    const [fr] = (await listNotices('en', FR, { fundSlug: LOCAL_FUND })).items;
    expect(fr?.documents.map((d) => d.id)).toEqual([suspension.documentIds[1]]);
    const [lu] = (await listNotices('en', LU, { fundSlug: LOCAL_FUND })).items;
    expect(lu?.documents.map((d) => [d.id, d.title])).toEqual([[suspension.documentIds[2], 'Luxembourg notice']]);
    const [es] = (await listNotices('es', FR, { fundSlug: LOCAL_FUND })).items;
    expect(es?.documents.map((d) => [d.id, d.locale])).toEqual([[suspension.documentIds[0], 'fr']]);
    expect(es?.title).toBe('Reembolsos suspendidos');
  });

  it('lists on a share page only the events concerning that class', async () => {
    const [one, two] = await Promise.all(
      EUROPE_CLASSES.map(async (isin) => {
        const fund = await getFund('fr', EUROPE_FUND, FR);
        const share = fund?.shares.find((s) => s.isinCode === isin);
        if (!share) throw new Error(`no class ${isin}`);
        return (await shareNotices('fr', FR, EUROPE_FUND, share)).items.map((n) => n.id);
      }),
    );
    expect(one).toContain(europeOne.eventId);
    expect(two).not.toContain(europeOne.eventId);
  });

  it('filters by type and counts', async () => {
    const page = await listNotices('fr', FR, { type: 'lmt-activated' });
    expect(page.total).toBe(2);
    expect(page.items.every((n) => n.type === 'lmt-activated')).toBe(true);
  });
});

describe('restrictions in force', () => {
  it('flags a suspension from its effective date, and a tool until it is lifted or ends', async () => {
    const local = await fundRestrictions('fr', FR, LOCAL_FUND);
    expect(local).toMatchObject([{ eventId: suspension.eventId, type: 'suspension', since: dayFromToday(-1), until: null }]);
    expect(local[0]?.document?.id).toBe(suspension.documentIds[0]);
    const europe = await fundRestrictions('en', FR, EUROPE_FUND);
    expect(europe.map((r) => [r.tool, r.until])).toEqual([['swing-pricing', dayFromToday(1)]]);
    expect(europe.map((r) => r.eventId)).not.toContain(gate.eventId);
    // Tomorrow + 2 the swing pricing has ended.
    expect(await fundRestrictions('en', FR, EUROPE_FUND, dayFromToday(2))).toEqual([]);
    // Not to an audience that cannot see the fund.
    expect(await fundRestrictions('fr', ES, LOCAL_FUND)).toEqual([]);
    const all = await restrictionsByFund('fr', ES);
    expect([...all.keys()]).toEqual([EUROPE_FUND]);
  });

  it('on a share page, only those concerning the class', async () => {
    const fund = await getFund('fr', LOCAL_FUND, FR);
    const share = fund?.shares.find((s) => s.isinCode === RETAIL_CLASS);
    if (!share) throw new Error('no retail class');
    expect((await shareRestrictions('fr', FR, LOCAL_FUND, share)).map((r) => r.eventId)).toEqual([suspension.eventId]);
  });

  it('GraphQL gives a fund its restrictions and notices, by the audience of the query', async () => {
    const query = `query ($slug: String!, $country: String) { fund(locale: "en", slug: $slug, country: $country) { restrictions { type tool since until noticeUrl shares } notices(limit: 5) { id type title inForce shares documents { url locale } } } }`;
    type Answer = { fund: { restrictions: { type: string; tool: string | null; since: string; until: string | null; noticeUrl: string | null; shares: string[] }[]; notices: { id: number; inForce: boolean; shares: string[] }[] } | null };
    const fr = await gql<Answer>(query, { slug: LOCAL_FUND, country: 'FR' });
    expect(fr.errors).toBeUndefined();
    expect(fr.data?.fund?.restrictions).toEqual([
      { type: 'suspension', tool: null, since: dayFromToday(-1), until: null, noticeUrl: `/e/en/docs/funds/${LOCAL_FUND}/notices/${suspension.documentIds[1]}`, shares: expect.arrayContaining([RETAIL_CLASS]) },
    ]);
    expect(fr.data?.fund?.notices.map((n) => [n.id, n.inForce])).toEqual([[suspension.eventId, true]]);
    const es = await gql<Answer>(query, { slug: LOCAL_FUND, country: 'ES' });
    expect(es.data?.fund).toBeNull();
  });
});

describe('notice PDFs', () => {
  const path = (id: number | undefined, locale = 'en', fund = LOCAL_FUND) => `/e/${locale}/docs/funds/${fund}/notices/${id}`;
  const call = (p: string, a: Audience = FR) => {
    const [, , locale, , , fundSlug, ...rest] = p.split('/');
    return getDocument(request(p, a), { params: Promise.resolve({ locale: locale ?? '', fundSlug: fundSlug ?? '', rest }) });
  };

  it('serves a visible event notice at its address, and nothing else', async () => {
    const ok = await call(path(suspension.documentIds[1]));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect((await call(path(suspension.documentIds[1]), ES)).status).toBe(404);
    // The Luxembourg version to Luxembourg only.
    expect((await call(path(suspension.documentIds[2]), LU)).status).toBe(200);
    expect((await call(path(suspension.documentIds[2]), FR)).status).toBe(404);
    // Not announced yet, another fund's address, a bad id.
    expect((await call(path(future.documentIds[0]))).status).toBe(404);
    expect((await call(path(suspension.documentIds[1], 'en', EUROPE_FUND))).status).toBe(404);
    for (const bad of ['0', 'x', '99999999999']) expect((await call(`/e/en/docs/funds/${LOCAL_FUND}/notices/${bad}`)).status).toBe(404);
    // Never as the fund's current document of type FUND_NOTICE.
    expect((await call(`/e/en/docs/funds/${LOCAL_FUND}/FUND_NOTICE`)).status).toBe(404);
  });

  it('are listed in the document library with their fund, for the audiences that see the event', async () => {
    const notices = (await currentLibraryDocuments(FR)).filter((d) => d.code === 'FUND_NOTICE');
    expect(notices.map((d) => [d.fundSlug, d.locale, d.url])).toEqual(
      expect.arrayContaining([
        [LOCAL_FUND, 'fr', path(suspension.documentIds[0], 'fr')],
        [LOCAL_FUND, 'en', path(suspension.documentIds[1], 'en')],
      ]),
    );
    expect(notices.map((d) => d.url)).not.toContain(path(future.documentIds[0], 'fr'));
    expect((await currentLibraryDocuments(ES)).filter((d) => d.fundSlug === LOCAL_FUND)).toEqual([]);
  });
});

describe('feeds', () => {
  it('RSS: the audience’s notices, with their links, and a 404 for an unknown locale or fund', async () => {
    const rss = await getRss(request('/e/en/feeds/notices.rss'), { params: Promise.resolve({ locale: 'en' }) });
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    expect(rss.headers.get('vary')).toBe('Cookie');
    const xml = await rss.text();
    expect(xml).toContain('<title>Aurore PME-ETI France – Redemptions suspended</title>'.replace('Aurore PME-ETI France', (await getFund('en', LOCAL_FUND, FR))?.title ?? ''));
    expect(xml).toContain(`/en/shareholder-notices?fund=${LOCAL_FUND}#notice-${suspension.eventId}`);
    expect(xml).not.toContain('Fusion à venir');
    const es = await (await getRss(request('/e/en/feeds/notices.rss', ES), { params: Promise.resolve({ locale: 'en' }) })).text();
    expect(es).not.toContain(`notice-${suspension.eventId}<`);
    expect(es).not.toContain('Redemptions suspended');
    expect((await getRss(request('/e/xx/feeds/notices.rss'), { params: Promise.resolve({ locale: 'xx' }) })).status).toBe(404);

    const fund = await getFundRss(request(`/e/fr/feeds/funds/${LOCAL_FUND}/notices.rss`), { params: Promise.resolve({ locale: 'fr', fundSlug: LOCAL_FUND }) });
    expect(fund.status).toBe(200);
    expect(await fund.text()).toContain('Suspension des rachats');
    for (const [slug, audience] of [[LOCAL_FUND, ES], ['no-such-fund', FR], ['Bad Slug', FR]] as const) {
      const answer = await getFundRss(request(`/e/fr/feeds/funds/${slug}/notices.rss`, audience), { params: Promise.resolve({ locale: 'fr', fundSlug: slug }) });
      expect(answer.status, slug).toBe(404);
    }
  });

  it('RSS is bounded to the newest items', async () => {
    const db = await getDb();
    const many = [];
    for (let i = 0; i < NOTICES_RSS_SIZE + 5; i++) {
      many.push(
        (await insertEvent(db, { fundSlug: EUROPE_FUND, type: 'other', title: { fr: `Avis ${i}` }, announcedOn: dayFromToday(-100 + i), effectiveOn: dayFromToday(-100 + i) })).eventId,
      );
    }
    try {
      const xml = await (await getRss(request('/e/fr/feeds/notices.rss'), { params: Promise.resolve({ locale: 'fr' }) })).text();
      expect(xml.match(/<item>/g)).toHaveLength(NOTICES_RSS_SIZE);
      // The oldest are left out.
      expect(xml).not.toContain('<title>' + ((await getFund('fr', EUROPE_FUND, FR))?.title ?? '') + ' – Avis 0</title>');
    } finally {
      await db.delete(t.fundEvents).where(inArray(t.fundEvents.id, many));
    }
  });

  it('iCalendar: effective dates and dividend ex-dates of the visible classes, in RFC 5545 form', async () => {
    const answer = await getIcs(request('/e/fr/feeds/notices.ics'), { params: Promise.resolve({ locale: 'fr' }) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const ics = await answer.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`UID:fund-event-${suspension.eventId}@`);
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${dayFromToday(-1).replaceAll('-', '')}`);
    expect(unfolded).toContain(`UID:dividend-${RETAIL_CLASS}-${dayFromToday(7)}@`);
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(unfolded).not.toContain(`fund-event-${future.eventId}@`);
    // The dividend's amount as the share page prints it in the feed's language (a comma is escaped in iCalendar text).
    expect(unfolded).toMatch(/Montant par part : 1\\,25 [A-Z]{3}\./);
    expect(unfolded).not.toContain('1.250000');
    const en = (await (await getIcs(request('/e/en/feeds/notices.ics'), { params: Promise.resolve({ locale: 'en' }) })).text()).replace(/\r\n /g, '');
    expect(en).toMatch(/Amount per share: 1\.25 [A-Z]{3}\./);
    const es = (await (await getIcs(request('/e/fr/feeds/notices.ics', ES), { params: Promise.resolve({ locale: 'fr' }) }).then((r) => r.text()))).replace(/\r\n /g, '');
    expect(es).not.toContain(`dividend-${RETAIL_CLASS}`);
    expect(es).not.toContain(`fund-event-${suspension.eventId}@`);
    expect(es).toContain(`fund-event-${europeOne.eventId}@`);
  });
});

describe('sitemap', () => {
  it('lists the notices list in the three languages', async () => {
    const paths = (await siteSitemap()).map((e) => new URL(e.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/fr/avis-aux-porteurs', '/en/shareholder-notices', '/es/avisos-a-los-participes']));
  });
});

describe('bad input', () => {
  it('an event of a fund whose classes are all unregistered is shown to nobody', async () => {
    const db = await getDb();
    const [fund] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, LOCAL_FUND));
    expect(fund).toBeDefined();
    expect((await listNotices('fr', { profile: 'RETAIL', country: 'XX' })).items).toEqual([]);
  });
});
