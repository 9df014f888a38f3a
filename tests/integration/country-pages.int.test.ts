/**
 * Every country where a share class is marketed to retail investors has its information page
 * (issue 34, docs/decisions/035): migration country_pages (0025) gives a database seeded before them
 * Belgium's, Luxembourg's and the United Kingdom's with the seed's texts; the back-office flags the
 * countries with an active retail registration and no page; `page.create` creates one through the
 * approval door, once per country, for a country of the country table only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryPageTemplate, TEMPLATE_GAP } from '../../src/domain/content/country-page';
import type { PageSnapshot } from '../../src/domain/content/page-edit';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { countryPages } from '../../src/server/db/seed/fixtures/content/country-pages';
import { seedDemo } from '../../src/server/db/seed/seed';
import { countriesWithoutPage, pageSnapshot } from '../../src/server/pages/staff-queries';
import { getLayoutData } from '../../src/server/site/layout-queries';
import { staffPeople } from '../support/staff-people';

const DIR = path.resolve('src/server/db/migrations');
const files = readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();
// Found by name: the number may change when branches are merged.
const target = files.find((f) => f.endsWith('_country_pages.sql'));
const ADDED = ['country-BE', 'country-LU', 'country-GB'];

async function run(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(DIR, file), 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

async function migratedBefore(): Promise<PGlite> {
  if (!target) throw new Error('migration country_pages not found');
  const db = await PGlite.create();
  for (const file of files.filter((f) => f < target)) await run(db, file);
  return db;
}

/** A page as the seed's fixture gives it: the components in order, each with its texts in order. */
const fixture = (code: string) => {
  const page = countryPages.find((p) => p.code === code);
  if (!page) throw new Error(`no fixture ${code}`);
  return { title: page.title, description: page.description, components: page.components.map((c) => ({ code: c.code, texts: c.texts.map((x) => ({ code: x.code, content: x.content })) })) };
};

async function storedPage(db: PGlite, code: string) {
  const [row] = (await db.query<{ title: unknown; description: unknown }>('select title, description from page where code = $1', [code])).rows;
  if (!row) return null;
  const components = (await db.query<{ id: number; code: string }>('select id, code from page_component where page_code = $1 order by position', [code])).rows;
  return {
    title: row.title,
    description: row.description,
    components: await Promise.all(
      components.map(async (c) => ({ code: c.code, texts: (await db.query<{ code: string; content: unknown }>('select code, content from component_text where component_id = $1 order by position', [c.id])).rows })),
    ),
  };
}

describe('migration country_pages', () => {
  it('gives a database seeded before them the pages of Belgium, Luxembourg and the United Kingdom with the seed’s texts, after the others, and keeps a page a country has already', async () => {
    const db = await migratedBefore();
    try {
      await db.exec(`
        insert into page (code, title, description, position) values
          ('home', '{"fr":"Accueil"}', '{"fr":"a"}', 0),
          ('country-FR', '{"fr":"Investisseurs en France"}', '{"fr":"b"}', 1),
          ('country-CH', '{"fr":"Investisseurs en Suisse"}', '{"fr":"c"}', 2),
          ('country-LU', '{"fr":"Écrite au back-office"}', '{"fr":"d"}', 3);`);
      await run(db, target ?? '');
      const order = (await db.query<{ code: string }>('select code from page order by position, code')).rows.map((r) => r.code);
      expect(order).toEqual(['home', 'country-FR', 'country-CH', 'country-LU', 'country-BE', 'country-GB']);
      expect(await storedPage(db, 'country-BE')).toEqual(fixture('country-BE'));
      expect(await storedPage(db, 'country-GB')).toEqual(fixture('country-GB'));
      expect(await storedPage(db, 'country-LU')).toEqual({ title: { fr: 'Écrite au back-office' }, description: { fr: 'd' }, components: [] });
      // Run twice (a restored backup), nothing is added.
      await run(db, target ?? '');
      expect((await db.query<{ n: number }>('select count(*)::int as n from page_component')).rows[0]?.n).toBe(fixture('country-BE').components.length + fixture('country-GB').components.length);

      // On a database with none of them, the three pages equal the seed's, placed as the seed places them.
      await db.exec(`delete from page where code in ('country-LU', 'country-BE', 'country-GB')`);
      await run(db, target ?? '');
      for (const code of ADDED) expect(await storedPage(db, code), code).toEqual(fixture(code));
      expect((await db.query<{ code: string }>('select code from page order by position, code')).rows.map((r) => r.code).slice(-3)).toEqual(ADDED);
    } finally {
      await db.close();
    }
    // Every migration is run on a PGlite of its own: on a loaded machine this takes more than the default minute.
  }, 180_000);

  it('leaves an empty database to the seed', async () => {
    const db = await migratedBefore();
    try {
      await run(db, target ?? '');
      expect((await db.query('select code from page')).rows).toEqual([]);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('holds what the seed writes, in the seed’s order', async () => {
    const db = await getDb();
    for (const code of ADDED) expect(await pageSnapshot(db, code), code).toEqual(fixture(code));
    const codes = (await db.select({ code: t.pages.code }).from(t.pages).orderBy(t.pages.position)).map((r) => r.code);
    expect(codes.slice(-ADDED.length)).toEqual(ADDED);
  });
});

const runId = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance' | 'admin', Person>;
const ALL = ['funds', 'pages', 'company', 'news', 'documents', 'registrations'] as const;

/** The template of a country with every gap filled, as staff submit it. */
function filledTemplate(code: string, title: { fr: string; en: string; es: string }, fill: string): PageSnapshot {
  return JSON.parse(JSON.stringify(countryPageTemplate({ code, title })).replaceAll(TEMPLATE_GAP, fill)) as PageSnapshot;
}

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance', 'admin'] as const, `country-pages-${runId}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

describe('the countries without an information page', () => {
  it('are none in the demo, where every country with a retail registration has its page (the international choice is not a country)', async () => {
    const db = await getDb();
    const retail = await db.selectDistinct({ country: t.shareRegistrations.countryCode }).from(t.shareRegistrations).where(eq(t.shareRegistrations.investorProfile, 'RETAIL'));
    expect(retail.map((r) => r.country).sort()).toEqual(['BE', 'CH', 'ES', 'FR', 'GB', 'INT', 'LU']);
    expect(await countriesWithoutPage(db)).toEqual([]);
  });

  it('are the countries with a retail registration not withdrawn and no page', async () => {
    const db = await getDb();
    await db.delete(t.pages).where(eq(t.pages.code, 'country-GB'));
    await db.delete(t.pages).where(eq(t.pages.code, 'country-CH'));
    expect((await countriesWithoutPage(db)).map((c) => c.code)).toEqual(['CH', 'GB']);
    expect((await countriesWithoutPage(db)).find((c) => c.code === 'GB')?.title).toEqual({ fr: 'Royaume-Uni', en: 'United Kingdom', es: 'Reino Unido' });

    // Withdrawn from a later date, the registrations still count; withdrawn today, they no longer do.
    const gbRetail = and(eq(t.shareRegistrations.countryCode, 'GB'), eq(t.shareRegistrations.investorProfile, 'RETAIL'));
    await db.update(t.shareRegistrations).set({ withdrawnOn: sql`current_date + 30` }).where(gbRetail);
    expect((await countriesWithoutPage(db)).map((c) => c.code)).toEqual(['CH', 'GB']);
    await db.update(t.shareRegistrations).set({ withdrawnOn: sql`current_date` }).where(gbRetail);
    expect((await countriesWithoutPage(db)).map((c) => c.code)).toEqual(['CH']);
    // Registered for professionals only, a country is not flagged either.
    const chRetail = and(eq(t.shareRegistrations.countryCode, 'CH'), eq(t.shareRegistrations.investorProfile, 'RETAIL'));
    await db.update(t.shareRegistrations).set({ withdrawnOn: sql`current_date - 1` }).where(chRetail);
    expect(await countriesWithoutPage(db)).toEqual([]);
    await db.update(t.shareRegistrations).set({ withdrawnOn: null }).where(gbRetail);
    await db.update(t.shareRegistrations).set({ withdrawnOn: null }).where(chRetail);
    expect((await countriesWithoutPage(db)).map((c) => c.code)).toEqual(['CH', 'GB']);
  });
});

describe('a country’s page created through the approval door (page.create)', () => {
  it('is proposed, waits, and exists once approved: the country’s visitors find it in their footer', async () => {
    const db = await getDb();
    await db.delete(t.pages).where(eq(t.pages.code, 'country-GB'));
    const before = await getLayoutData('en', { profile: 'RETAIL', country: 'GB' });
    expect(before.countryPage).toBeNull();
    const snapshot = filledTemplate('GB', { fr: 'Royaume-Uni', en: 'United Kingdom', es: 'Reino Unido' }, 'Example Agent');
    const outcome = await saveChange(db, 'page.create', { country: 'GB', snapshot }, people.editor, { areas: ALL, note: 'UK page' });
    if (outcome.mode !== 'proposed') throw new Error(`not proposed: ${JSON.stringify(outcome)}`);
    const proposal = await proposalById(db, outcome.id);
    expect(proposal).toMatchObject({ area: 'pages', kind: 'page.create', status: 'pending', targetLabel: 'Informations pour les investisseurs au Royaume-Uni (country-GB)' });
    // The review screen compares nothing with the new page, per language.
    expect(proposal?.before).toBeNull();
    expect(proposal?.after).toMatchObject({ country: 'GB', title: snapshot.title });
    expect(await pageSnapshot(db, 'country-GB')).toBeNull();
    // Another person's proposal for the same country may wait beside it: the first approved, it is a conflict.
    const second = await saveChange(db, 'page.create', { country: 'GB', snapshot }, people.admin, { areas: ALL });
    expect(second.mode).toBe('proposed');

    expect(await approveChange(db, outcome.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await pageSnapshot(db, 'country-GB')).toEqual(snapshot);
    expect((await countriesWithoutPage(db)).map((c) => c.code)).toEqual(['CH']);
    // Its editor's creation (the approved proposal is audited under its author's id): not another file's country-GB.
    const audit = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'page'), eq(t.auditLog.entityId, 'country-GB'), eq(t.auditLog.action, 'create'), eq(t.auditLog.actorId, people.editor.id)));
    expect(audit).toHaveLength(1);
    const after = await getLayoutData('en', { profile: 'RETAIL', country: 'GB' });
    expect(after.countryPage).toEqual({ href: '/en/investor-information/gb', label: 'Information for investors in the United Kingdom' });

    if (second.mode !== 'proposed') throw new Error('second not proposed');
    expect(await approveChange(db, second.id, people.compliance)).toEqual({ ok: false, error: 'conflict' });
  });

  it('refuses a second page for a country, a country outside the country table, the international choice and a template with gaps left', async () => {
    const db = await getDb();
    const snapshot = filledTemplate('GB', { fr: 'Royaume-Uni', en: 'United Kingdom', es: 'Reino Unido' }, 'Other');
    for (const areas of [ALL, []]) {
      expect(await saveChange(db, 'page.create', { country: 'GB', snapshot }, people.editor, { areas })).toEqual({ mode: 'invalid', problems: { fields: { country: 'exists' } } });
      for (const country of ['XX', 'INT', 'gb', "GB' or '1'='1"]) {
        expect(await saveChange(db, 'page.create', { country, snapshot }, people.editor, { areas }), country).toEqual({ mode: 'invalid', problems: { fields: { country: 'unknown-country' } } });
      }
    }
    const withGaps = countryPageTemplate({ code: 'CH', title: { fr: 'Suisse', en: 'Switzerland', es: 'Suiza' } });
    const refused = await saveChange(db, 'page.create', { country: 'CH', snapshot: withGaps }, people.editor, { areas: [] });
    expect(refused.mode).toBe('invalid');
    if (refused.mode === 'invalid') expect(refused.problems.fields).toMatchObject({ 'text.facilities.text.fr': 'gap', 'text.authority.text.es': 'gap' });
    expect(await pageSnapshot(db, 'country-CH')).toBeNull();
    expect(await db.select().from(t.pages).where(eq(t.pages.code, 'country-XX'))).toEqual([]);
  });

  it('is created at once under a policy without approval', async () => {
    const db = await getDb();
    const snapshot = filledTemplate('CH', { fr: 'Suisse', en: 'Switzerland', es: 'Suiza' }, 'Représentant Exemple SA');
    const outcome = await saveChange(db, 'page.create', { country: 'CH', snapshot }, people.editor, { areas: [] });
    expect(outcome).toMatchObject({ mode: 'published', changed: true, result: { ok: true, code: 'country-CH' } });
    expect(await pageSnapshot(db, 'country-CH')).toEqual(snapshot);
    expect(await countriesWithoutPage(db)).toEqual([]);
    const [max] = await db.select({ position: sql<number>`max(${t.pages.position})` }).from(t.pages);
    const [created] = await db.select({ position: t.pages.position }).from(t.pages).where(eq(t.pages.code, 'country-CH'));
    expect(created?.position).toBe(max?.position);
  });
});
