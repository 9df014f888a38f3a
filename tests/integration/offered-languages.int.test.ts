/**
 * The house chooses the languages it offers and the countries it serves (issue 43, docs/decisions/061):
 * an administrator's choice goes through the approval door (kind `languages.save`), waits for a
 * compliance officer, is audited, and then every reader follows: the proxy (`/` to the first
 * language, a path in another one is the 404 page), the metadata's hreflang links, the sitemap, the
 * language menu and the country menu.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import proxy, { NOT_FOUND_PAGE_HEADER, UNKNOWN_PAGE_SEGMENT } from '../../src/proxy';
import { readLanguageForm } from '../../src/domain/language/offered';
import { env } from '../../src/env';
import { adminTranslator } from '../../src/i18n/admin';
import { approveChange, type Person } from '../../src/server/approval/service';
import { saveChange } from '../../src/server/approval/door';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { publishOfferedLanguages, publishedOfferedLanguages } from '../../src/server/http/offered-languages';
import { loadRouteCatalog } from '../../src/server/http/route-catalog';
import { contentPageMetadata } from '../../src/server/seo/page-metadata';
import { generateSitemap } from '../../src/server/seo/sitemap';
import { getLayoutData } from '../../src/server/site/layout-queries';
import { languageChoiceState, offeredLocales } from '../../src/server/site/languages-queries';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'admin' | 'compliance', Person>;
const ALL = ['funds', 'pages', 'company', 'news', 'documents', 'registrations'] as const;
const BASE = 'https://house.example';
const audience = { profile: 'RETAIL', country: 'FR' } as const;

let before: { languages: string[]; countries: string[] };

beforeAll(async () => {
  Object.assign(people, await staffPeople(['admin', 'compliance'] as const, `langs-${run}`));
  before = await languageChoiceState(await getDb());
});

afterAll(async () => {
  publishOfferedLanguages(undefined);
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

/** The proxy's answer to a visitor's request (the site is open: it answers at once). */
function visit(path: string, headers: Record<string, string> = {}) {
  const answer = proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));
  if (answer instanceof Promise) throw new Error('the proxy of an open site answered later');
  return answer;
}

/** Proposes a choice as the administrator and has it approved by the compliance officer; gives the proposal's id. */
async function choose(languages: string[], countries: string[], note: string): Promise<number> {
  const db = await getDb();
  const proposed = await saveChange(db, 'languages.save', { languages, countries }, people.admin, { areas: ALL, note });
  if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
  expect(await approveChange(db, proposed.id, people.admin)).toEqual({ ok: false, error: 'own' });
  expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });
  return proposed.id;
}

describe('the languages and countries a house offers', () => {
  it('starts as the demo seeds it: every shipped language, fr first, every country served', async () => {
    expect(before.languages).toEqual(['fr', 'en', 'es']);
    expect(before.countries).toContain('BE');
    expect(await offeredLocales()).toEqual(['fr', 'en', 'es']);
  });

  it('refuses a house with no language, in the staff member’s language, and stores nothing', async () => {
    const db = await getDb();
    const refused = await saveChange(db, 'languages.save', { languages: [], countries: before.countries }, people.admin, { areas: ALL });
    expect(refused).toEqual({ mode: 'invalid', problems: { fields: { languages: 'no-language' } } });
    const unknown = await saveChange(db, 'languages.save', { languages: ['fr', 'de'], countries: ['FR', 'XX'] }, people.admin, { areas: ALL });
    expect(unknown).toEqual({ mode: 'invalid', problems: { fields: { languages: 'unknown-language', countries: 'unknown-country' } } });
    // The country visitors who chose none are read as living in (DEFAULT_COUNTRY) stays served.
    const withoutDefault = await saveChange(db, 'languages.save', { languages: ['fr'], countries: before.countries.filter((c) => c !== env().DEFAULT_COUNTRY) }, people.admin, { areas: ALL });
    expect(withoutDefault).toEqual({ mode: 'invalid', problems: { fields: { countries: 'default-country' } } });
    // The form reads no language as the same error, and each language names it in its own words.
    const form = { get: () => '', getAll: () => [] };
    expect(readLanguageForm(form).errors).toEqual({ languages: 'no-language' });
    const texts = (['fr', 'en', 'es'] as const).map((l) => adminTranslator(l)('languages.errors.no-language'));
    expect(new Set(texts).size).toBe(3);
    expect(await languageChoiceState(db)).toEqual(before);
  });

  it('offers en and fr only, en first, and leaves Belgium out once a compliance officer approves; every reader follows', async () => {
    const db = await getDb();
    const served = before.countries.filter((c) => c !== 'BE');
    const proposed = await saveChange(db, 'languages.save', { languages: ['en', 'fr'], countries: served }, people.admin, { areas: ALL, note: `Languages ${run}` });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    // Waiting: the public still reads the three languages.
    expect(await offeredLocales()).toEqual(['fr', 'en', 'es']);
    expect(await approveChange(db, proposed.id, people.admin)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });

    // Stored and audited, the approver named.
    expect(await languageChoiceState(db)).toEqual({ languages: ['en', 'fr'], countries: served });
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'languages'), eq(t.auditLog.action, 'update'), eq(t.auditLog.actorLabel, `${people.admin.label} (approved by ${people.compliance.label})`)))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ languages: ['fr', 'en', 'es'] });
    expect(entry?.after).toEqual({ languages: ['en', 'fr'], countries: served });

    // The proxy: / goes to English, a Spanish path is the 404 page, a French one is served.
    expect(publishedOfferedLanguages()).toEqual(['en', 'fr']);
    expect(visit('/').headers.get('location')).toBe('http://localhost:3000/en');
    expect(visit('/', { 'accept-language': 'es-ES,es;q=0.9' }).headers.get('location')).toBe('http://localhost:3000/en');
    const spanish = visit('/es/conocernos');
    expect(spanish.headers.get(NOT_FOUND_PAGE_HEADER)).toBe('1');
    expect(new URL(spanish.headers.get('x-middleware-rewrite') ?? '').pathname).toBe(`/en/RETAIL-FR/${UNKNOWN_PAGE_SEGMENT}`);
    expect(new URL(visit('/fr/nous-connaitre').headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/fr/RETAIL-FR/about-us');

    // The server's readers.
    expect(await offeredLocales()).toEqual(['en', 'fr']);
    const metadata = await contentPageMetadata('about-us', 'fr', '/about-us');
    expect(Object.keys(metadata.alternates?.languages ?? {})).toEqual(['en', 'fr', 'x-default']);
    expect(metadata.alternates?.languages).toMatchObject({ 'x-default': `${process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000'}/en/about-us` });

    const sitemap = await generateSitemap(await offeredLocales(), BASE);
    const languagesOf = (url: string) => new URL(url).pathname.split('/')[1];
    expect(new Set(sitemap.map((e) => languagesOf(e.url)))).toEqual(new Set(['en', 'fr']));
    const about = sitemap.find((e) => e.url === `${BASE}/en/about-us`);
    expect(Object.keys(about?.alternates?.languages ?? {})).toEqual(['en', 'fr', 'x-default']);
    expect(about?.alternates?.languages).toMatchObject({ 'x-default': `${BASE}/en/about-us` });

    // The language menu and the country menu.
    const layout = await getLayoutData('en', audience);
    expect(layout.languages.map((l) => l.locale)).toEqual(['en', 'fr']);
    expect(layout.countries.map((c) => c.code)).not.toContain('BE');
    expect(layout.countries.map((c) => c.code)).toEqual(served);
    // France's languages narrowed to the offered ones, in France's own order.
    expect(layout.countries.find((c) => c.code === 'FR')?.locales).toEqual(['fr', 'en']);
    // The country chooser's cookie is checked against the served countries: Belgium falls back to the default.
    expect((await loadRouteCatalog(db)).countries?.has('BE')).toBe(false);
  });

  it('serves Belgium and Spanish again once approved, Spanish last', async () => {
    await choose(['en', 'fr', 'es'], before.countries, `Back ${run}`);
    expect(await offeredLocales()).toEqual(['en', 'fr', 'es']);
    const layout = await getLayoutData('es', audience);
    expect(layout.languages.map((l) => l.locale)).toEqual(['en', 'fr', 'es']);
    expect(layout.countries.map((c) => c.code)).toContain('BE');
    expect(visit('/es/conocernos').headers.get(NOT_FOUND_PAGE_HEADER)).toBeNull();
    // Back to the house's first order.
    await choose(['fr', 'en', 'es'], before.countries, `Order ${run}`);
    expect(await languageChoiceState(await getDb())).toEqual(before);
  });
});
