/**
 * The house's identity is data (docs/decisions/059): its legal identity and colours are entered on
 * the company screen, checked (LEI check digits, WCAG contrast) by the approval door, wait for a
 * compliance officer, then reach the footer, the structured data and the page's palette.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyErrorTexts } from '../../src/app/admin/(staff)/company/_errors';
import type { CompanyInput } from '../../src/domain/content/company-form';
import { brandStyle, type CompanyIdentity } from '../../src/domain/content/house-identity';
import { adminTranslator } from '../../src/i18n/admin';
import { approveChange, type Person } from '../../src/server/approval/service';
import { saveChange } from '../../src/server/approval/door';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { GET as findatexFile } from '../../src/app/e/[locale]/data/findatex/[file]/route';
import { GET as noticesRss } from '../../src/app/e/[locale]/feeds/notices.rss/route';
import { GET as newsRss } from '../../src/app/[locale]/rss.xml/route';
import { generateShareFactsheets, settleFactsheetRedraws } from '../../src/server/factsheets/generate';
import { completedMonth } from '../../src/domain/documents/factsheet';
import { DEMO_AS_OF } from '../../src/server/db/seed/fixtures/constants';
import { factsheetLocalesChanged } from '../../src/server/pages/company';
import { companyForStaff } from '../../src/server/pages/staff-queries';
import { organizationJsonLd } from '../../src/server/seo/json-ld';
import { getLayoutData } from '../../src/server/site/layout-queries';
import { getCompany } from '../../src/server/site/queries';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance', Person>;
const ALL = ['funds', 'pages', 'company', 'news', 'documents', 'registrations'] as const;

const identity: CompanyIdentity = {
  legalName: `Aurore Gestion SAS ${run}`,
  legalForm: 'Société par actions simplifiée au capital de 1 000 000 €',
  registeredOffice: '24 rue de l’Aurore, 75002 Paris',
  registerNumber: 'RCS Paris 123 456 789',
  lei: '969500UP76J52A9OXU27',
  regulator: 'AMF',
  authorisationNumber: 'GP-20000001',
  dpoEmail: 'dpo@aurore-gestion.example',
  contactEmail: 'contact@aurore-gestion.example',
  brandPrimary: '#1f5fa8',
  brandDark: '#0f2a4a',
  brandAccent: '#c25e00',
};

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance'] as const, `identity-${run}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

/** The company as stored, with the identity given: what the company form would post. */
async function companyInput(given: CompanyIdentity): Promise<CompanyInput> {
  const current = await companyForStaff(await getDb());
  if (!current) throw new Error('no company');
  return { ...current, infos: current.infos as CompanyInput['infos'], identity: given };
}

describe('the house’s legal identity and colours, through the approval door', () => {
  it('refuses a palette short of contrast, naming the ratio, and a bad LEI; then publishes a valid identity once a compliance officer approves it', async () => {
    const db = await getDb();

    // A primary colour of 2.8:1 under the top bar's white text: refused before anything is stored, the ratio named.
    const pale = await companyInput({ ...identity, brandPrimary: '#4a90e2' });
    const refused = await saveChange(db, 'company.save', pale, people.editor, { areas: ALL });
    expect(refused).toEqual({ mode: 'invalid', problems: { fields: { 'identity.brandPrimary': 'contrast' } } });
    if (refused.mode !== 'invalid') throw new Error('not refused');
    expect(companyErrorTexts(adminTranslator('en'), refused.problems.fields, pale.identity)).toEqual({
      'identity.brandPrimary': 'Contrast 2.8:1 with white, needs at least 4.5:1.',
    });
    expect(companyErrorTexts(adminTranslator('fr'), refused.problems.fields, pale.identity)['identity.brandPrimary']).toBe('Contraste de 2,8:1 avec le blanc, il faut au moins 4,5:1.');
    expect(companyErrorTexts(adminTranslator('es'), refused.problems.fields, pale.identity)['identity.brandPrimary']).toBe('Contraste de 2,8:1 con el blanco, se necesita al menos 4,5:1.');

    // One changed character of the LEI: its check digits no longer hold.
    const badLei = await saveChange(db, 'company.save', await companyInput({ ...identity, lei: '969500UP76J52A9OXU28' }), people.editor, { areas: ALL });
    expect(badLei).toEqual({ mode: 'invalid', problems: { fields: { 'identity.lei': 'lei' } } });
    expect(await db.select().from(t.proposedChange).where(eq(t.proposedChange.authorId, people.editor.id))).toEqual([]);

    // The valid identity waits: the public site reads nothing of it yet.
    const proposed = await saveChange(db, 'company.save', await companyInput(identity), people.editor, { areas: ALL, note: 'Legal identity' });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    expect((await getCompany('en'))?.legal.name).not.toBe(identity.legalName);
    expect(await approveChange(db, proposed.id, people.editor)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });

    // Applied and audited, each identity field by name.
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'company'), eq(t.auditLog.action, 'update')))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect(entry?.actorLabel).toBe(`${people.editor.label} (approved by ${people.compliance.label})`);
    expect(entry?.after).toMatchObject({ legalName: identity.legalName, lei: identity.lei, brandPrimary: '#1f5fa8' });

    // The public reads: the company, the layout's footer data, the structured data, the palette.
    const company = await getCompany('en');
    if (!company) throw new Error('no company');
    expect(company.legal).toEqual({
      name: identity.legalName,
      form: identity.legalForm,
      registeredOffice: identity.registeredOffice,
      registerNumber: identity.registerNumber,
      lei: identity.lei,
      regulator: 'AMF',
      authorisationNumber: 'GP-20000001',
      dpoEmail: identity.dpoEmail,
      contactEmail: identity.contactEmail,
    });
    expect(company.brand).toEqual({ primary: '#1f5fa8', dark: '#0f2a4a', accent: '#c25e00' });
    expect(brandStyle(company.brand)).toBe(':root{--color-brand:#1f5fa8;--color-brand-dark:#0f2a4a;--color-accent:#c25e00}');
    const layout = await getLayoutData('fr', { profile: 'RETAIL', country: 'FR' });
    expect(layout.company.legal).toMatchObject({ name: identity.legalName, lei: identity.lei, regulator: 'AMF', registerNumber: 'RCS Paris 123 456 789' });
    expect(organizationJsonLd(company, 'https://www.aurore.example', 'en')).toMatchObject({
      legalName: identity.legalName,
      leiCode: '969500UP76J52A9OXU27',
      email: 'contact@aurore-gestion.example',
      address: { '@type': 'PostalAddress', postalCode: '75002' },
    });
  });

  it('keeps out of the pages what the database should never hold: a colour that is not #rrggbb, an LEI whose check digits fail', async () => {
    const db = await getDb();
    // The table refuses a colour that could break out of the <style> rule.
    await expect(db.update(t.company).set({ brandAccent: '#000;}body{display:none' })).rejects.toThrow();
    // An LEI of the right shape with wrong check digits, planted past the door, is not served.
    await db.update(t.company).set({ lei: '969500UP76J52A9OXU28' });
    expect((await getCompany('fr'))?.legal.lei).toBeNull();
  });

  it('a new name and city, approved, reach the feeds, the EMT file and the current factsheets of the language they changed; the others are not redrawn', async () => {
    const db = await getDb();
    const current = await companyForStaff(db);
    if (!current) throw new Error('no company');
    const name = `Aurore Renamed ${run}`;
    const city = `Lyon ${run}`;
    const input: CompanyInput = {
      ...current,
      title: { ...current.title, en: name },
      infos: (current.infos as CompanyInput['infos']).map((i) => (i.code === 'CITY' ? { ...i, content: { ...i.content, en: city } } : i)),
      identity: { ...identity, legalName: `${name} S.A.S.` },
    };
    expect(factsheetLocalesChanged(current, input)).toEqual(['en']);

    // The main share classes' factsheets of the demo's month, drawn as the monthly run does (the test database has none).
    const mains = await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isMain, true)).orderBy(t.shares.id).limit(2);
    for (const main of mains) await generateShareFactsheets(db, main.id, completedMonth(DEMO_AS_OF));
    // The current factsheet of the main share classes in each language, before.
    const factsheets = () =>
      db
        .select({ id: t.documents.id, locale: t.documents.locale, data: t.documents.data })
        .from(t.documents)
        .innerJoin(t.shares, eq(t.shares.id, t.documents.shareId))
        .where(and(eq(t.documents.documentTypeCode, 'FACTSHEET'), isNull(t.documents.supersededAt), eq(t.shares.isMain, true)))
        .orderBy(t.documents.shareId, t.documents.locale);
    const before = await factsheets();
    expect(before.length).toBeGreaterThan(0);

    const proposed = await saveChange(db, 'company.save', input, people.editor, { areas: ALL, note: 'New name' });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    await settleFactsheetRedraws();

    const request = (path: string) => new Request(`http://localhost${path}`);
    const params = <P extends Record<string, string>>(p: P) => ({ params: Promise.resolve(p) });
    expect(await (await newsRss(request('/en/rss.xml'), params({ locale: 'en' }))).text()).toContain(`<title>${name} – `);
    expect(await (await noticesRss(request('/e/en/feeds/notices.rss'), params({ locale: 'en' }))).text()).toContain(name);
    const emt = await findatexFile(request('/e/en/data/findatex/emt.csv'), params({ locale: 'en', file: 'emt.csv' }));
    expect(emt.status).toBe(200);
    expect(await emt.text()).toContain(`${name} S.A.S.`);

    const after = await factsheets();
    const text = async (data: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(data)), { mergePages: true })).text;
    for (const old of before) {
      const now = after.filter((f) => f.locale === old.locale);
      if (old.locale === 'en') {
        // A new version of the month, naming the house and its city as they are now.
        expect(now.map((f) => f.id)).not.toContain(old.id);
      } else {
        expect(now.map((f) => f.id)).toContain(old.id);
      }
    }
    const english = after.filter((f) => f.locale === 'en');
    expect(english.length).toBeGreaterThan(0);
    for (const f of english) {
      const printed = await text(f.data);
      expect(printed).toContain(name);
      expect(printed).toContain(city);
    }
  });
});
