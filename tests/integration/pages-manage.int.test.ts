import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { readCompanyForm } from '../../src/domain/content/company-form';
import type { FormReader } from '../../src/domain/funds/form';
import { PAGE_LIMITS, readPageForm, textField, type PageSnapshot } from '../../src/domain/content/page-edit';
import type { Actor } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { saveCompany } from '../../src/server/pages/company';
import { restorePageVersion, savePage } from '../../src/server/pages/commands';
import { companyForStaff, getPageVersion, listPageVersions, pageSnapshot } from '../../src/server/pages/staff-queries';
import { getCompany, getDisclaimers, getPage } from '../../src/server/site/queries';

// Its own actor label: on a PostgreSQL shared by every test file, others write audit entries for the same pages.
const editor: Actor = { type: 'account', id: 'acc-editor', label: 'editor+pages-manage@fundhouse.test' };

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

/** The form a browser would post for a page: every field filled from the snapshot, then the changes. */
function pageForm(snapshot: PageSnapshot, changes: Record<string, string> = {}): FormReader {
  const values = new Map<string, string>();
  for (const l of ['fr', 'en', 'es'] as const) {
    values.set(`title.${l}`, snapshot.title[l] ?? '');
    values.set(`description.${l}`, snapshot.description[l] ?? '');
    for (const c of snapshot.components) for (const x of c.texts) values.set(`${textField(c.code, x.code)}.${l}`, x.content[l] ?? '');
  }
  for (const [k, v] of Object.entries(changes)) values.set(k, v);
  return { get: (name) => values.get(name) ?? '', getAll: (name) => (values.has(name) ? [values.get(name) ?? ''] : []) };
}

async function auditEntries(entity: string, entityId: string) {
  const db = await getDb();
  return db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, entity), eq(t.auditLog.entityId, entityId), eq(t.auditLog.actorLabel, editor.label)))
    .orderBy(desc(t.auditLog.id));
}

describe('pages', () => {
  it('saves a Spanish text, cleaned, audited, with the initial state and the edit in the history', async () => {
    const db = await getDb();
    const before = await pageSnapshot(db, 'legal-notices');
    if (!before) throw new Error('the seeded legal notices are missing');
    const field = `${textField('host', 'text')}.es`;
    const { snapshot, errors } = readPageForm(pageForm(before, { [field]: 'Alojado por <b>Nube</b> <img src=x onerror=alert(1)><a href="javascript:alert(1)">aquí</a>.\r\n\r\nSegundo párrafo.' }), before);
    expect(errors).toEqual({});
    const result = await savePage(db, 'legal-notices', snapshot, editor);
    expect(result).toEqual({ ok: true, changed: true, version: 2 });

    const page = await getPage('es', 'legal-notices');
    const host = page?.components.find((c) => c.code === 'host')?.texts.find((x) => x.code === 'text')?.content;
    expect(host).toBe('Alojado por <b>Nube</b> aquí.\n\nSegundo párrafo.');
    // The other languages are untouched.
    expect((await getPage('fr', 'legal-notices'))?.components.find((c) => c.code === 'host')?.texts[1]?.content).toBe(
      before.components.find((c) => c.code === 'host')?.texts[1]?.content.fr,
    );

    const versions = await listPageVersions(db, 'legal-notices');
    expect(versions.map((v) => [v.number, v.kind, v.actorLabel])).toEqual([
      [2, 'edit', editor.label],
      [1, 'initial', null],
    ]);
    expect((await getPageVersion(db, 'legal-notices', 1))?.snapshot).toEqual(before);

    const [entry] = await auditEntries('page', 'legal-notices');
    expect(entry).toMatchObject({ action: 'update', actorLabel: editor.label });
    // The seeded hostile markup of two other texts went through the cleaner too: they changed, and say so.
    expect(Object.keys((entry?.after as { texts: object }).texts).sort()).toEqual(['host/text', 'hyperlinks/text', 'intellectual-property/text']);
    const stored = JSON.stringify(await pageSnapshot(db, 'legal-notices'));
    expect(stored).not.toContain('onerror');
    expect(stored).not.toContain('javascript:');

    // The content endpoint's document follows.
    const [doc] = await db.select().from(t.contentDocuments).where(eq(t.contentDocuments.path, '/es/pages/legal-notices'));
    expect(JSON.stringify(doc?.data)).toContain('Alojado por <b>Nube</b>');

    // The same form again changes nothing: no version, no audit entry.
    const again = await savePage(db, 'legal-notices', snapshot, editor);
    expect(again).toEqual({ ok: true, changed: false, version: null });
    expect(await listPageVersions(db, 'legal-notices')).toHaveLength(2);
    expect(await auditEntries('page', 'legal-notices')).toHaveLength(1);
  });

  it('restores an earlier version as a new, audited version', async () => {
    const db = await getDb();
    const initial = await getPageVersion(db, 'legal-notices', 1);
    const restored = await restorePageVersion(db, 'legal-notices', 1, editor);
    expect(restored).toEqual({ ok: true, changed: true, version: 3 });
    expect(await pageSnapshot(db, 'legal-notices')).toEqual(initial?.snapshot);
    const [latest] = await listPageVersions(db, 'legal-notices');
    expect(latest).toMatchObject({ number: 3, kind: 'restore', restoredFrom: 1, actorLabel: editor.label });
    const [entry] = await auditEntries('page', 'legal-notices');
    expect(entry).toMatchObject({ action: 'restore' });
    expect(entry?.after).toMatchObject({ version: 3, restoredFrom: 1 });
    expect(await restorePageVersion(db, 'legal-notices', 99, editor)).toEqual({ ok: false, error: 'unknown-version' });
    expect(await restorePageVersion(db, 'no-such-page', 1, editor)).toEqual({ ok: false, error: 'unknown' });
  });

  it('refuses a missing French text, a title with markup and an over-long text, naming each field', async () => {
    const db = await getDb();
    const current = await pageSnapshot(db, 'disclaimers');
    if (!current) throw new Error('no disclaimers page');
    const { errors } = readPageForm(
      pageForm(current, {
        [`${textField('disclaimers', 'main')}.fr`]: '   ',
        'title.en': 'Terms <b>of</b> access',
        [`${textField('disclaimers', 'performances-passees')}.es`]: 'x'.repeat(PAGE_LIMITS.text + 1),
      }),
      current,
    );
    expect(errors).toEqual({
      [`${textField('disclaimers', 'main')}.fr`]: 'required',
      'title.en': 'markup',
      [`${textField('disclaimers', 'performances-passees')}.es`]: 'too-long',
    });
  });

  it('edits the past-performance disclaimer and keeps only the newest versions', async () => {
    const db = await getDb();
    const current = await pageSnapshot(db, 'disclaimers');
    if (!current) throw new Error('no disclaimers page');
    const field = `${textField('disclaimers', 'performances-passees')}.en`;
    for (let i = 1; i <= PAGE_LIMITS.versionsKept + 2; i++) {
      const { snapshot, errors } = readPageForm(pageForm(current, { [field]: `Past performance, take ${i}.` }), current);
      expect(errors).toEqual({});
      expect((await savePage(db, 'disclaimers', snapshot, editor)).ok).toBe(true);
    }
    expect((await getDisclaimers('en')).pastPerformance).toBe(`Past performance, take ${PAGE_LIMITS.versionsKept + 2}.`);
    const versions = await listPageVersions(db, 'disclaimers');
    expect(versions).toHaveLength(PAGE_LIMITS.versionsKept);
    expect(versions[0]?.number).toBe(PAGE_LIMITS.versionsKept + 3);
  });
});

describe('company', () => {
  function companyForm(values: Record<string, string>): FormReader {
    return { get: (name) => values[name] ?? '', getAll: () => [] };
  }

  it('saves texts, infos and reordered key figures, audited; refuses bad infos', async () => {
    const db = await getDb();
    const current = await companyForStaff(db);
    if (!current) throw new Error('no company');
    const values: Record<string, string> = {
      'title.fr': 'Aurore Gestion',
      'baseline.fr': 'Nouvelle signature',
      'baseline.es': 'Nueva firma',
      'subBaseline.fr': 'Sous-titre',
      'infos.ADDRESS.fr': '24 rue de l’Aurore',
      'infos.CITY.fr': 'Paris',
      'infos.CITY.es': 'París',
      'infos.ZIP_CODE': '75002',
      'infos.PHONE': '+33 1 00 00 00 00',
      'infos.EMAIL_PRESS': 'presse@aurore-gestion.example',
      'infos.LINKEDIN': 'https://www.linkedin.com/company/aurore',
      'figures.0.code': 'aum',
      'figures.0.position': '2',
      'figures.0.value.fr': '13 Md€',
      'figures.0.title.fr': 'd’encours',
      'figures.1.code': 'funds',
      'figures.1.position': '1',
      'figures.1.value.fr': '26',
      'figures.1.title.fr': 'fonds',
      'figures.2.value.fr': '3',
      'figures.2.title.fr': 'bureaux',
      // The legal identity as stored: the form sends it back unchanged, as the screen does.
      ...Object.fromEntries(Object.entries(current.identity).flatMap(([name, value]) => (value ? [[`identity.${name}`, value]] : []))),
    };
    const { input, errors } = readCompanyForm(companyForm(values));
    expect(errors).toEqual({});
    expect(await saveCompany(db, input, editor)).toEqual({ ok: true, changed: true });
    const es = await getCompany('es');
    expect(es?.baseline).toBe('Nueva firma');
    expect(es?.infos.find((i) => i.code === 'CITY')?.content).toBe('París');
    expect(es?.keyFigures.map((f) => [f.code, f.value])).toEqual([
      ['funds', '26'],
      ['aum', '13 Md€'],
      ['figure-1', '3'],
    ]);
    const [entry] = await auditEntries('company', '1');
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(['baseline', 'infos', 'keyFigures', 'subBaseline', 'title']);
    expect(await saveCompany(db, input, editor)).toEqual({ ok: true, changed: false });

    const bad = readCompanyForm(
      companyForm({ ...values, 'infos.EMAIL_PRESS': 'presse@', 'infos.LINKEDIN': 'http://linkedin.com/x', 'infos.PHONE': 'call me', 'figures.1.position': '0', 'title.fr': '' }),
    );
    expect(bad.errors).toEqual({ 'infos.EMAIL_PRESS': 'email', 'infos.LINKEDIN': 'https', 'infos.PHONE': 'phone', 'figures.1.position': 'position', 'title.fr': 'required' });
  });
});
