import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isinWithCheckDigit } from '../../src/domain/funds/isin';
import type { Actor } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { funds as fixtures } from '../../src/server/db/seed/fixtures/funds';
import { seedDemo } from '../../src/server/db/seed/seed';
import { archiveFund, createFund, createShare, deleteFund, deleteShare, updateFund, updateShare } from '../../src/server/funds/commands';
import { rawCatalog } from '../../src/server/funds/catalog';

// Its own label: the audit entries this file reads are those its editor wrote, whatever else wrote on the database.
const editor: Actor = { type: 'account', id: 'acc-editor', label: `editor-${randomUUID()}@fundhouse.test` };
const byEditor = eq(t.auditLog.actorLabel, editor.label);
const isin = isinWithCheckDigit('FR0014ZZZ99');

const newFund = {
  slug: 'aurore-test-nouveau',
  categoryCode: 'equities',
  title: { fr: 'Aurore Test Nouveau', en: 'Aurore Test New' },
  description: { fr: 'Un fonds de test.' },
  philosophy: { fr: 'Prudence.' },
  classification: { fr: 'Actions internationales' },
  riskLevel: 5,
  sfdrArticle: 8,
  minRecommendedInvestmentDuration: 5,
  aumValue: 10_000_000,
  aumCurrencyCode: 'EUR',
  aumDate: '2026-11-20',
  visibleTo: ['RETAIL', 'INSTIT', 'CGP'],
};

const newShare = {
  slug: 'part-c-eur',
  name: 'C EUR',
  isinCode: isin,
  managementGoal: { fr: 'Battre son indice.' },
  inceptionDate: '2026-11-02',
  inceptionNav: 100,
  sriLevel: 5,
  currencyCode: 'EUR',
  isMain: true,
  visibleTo: ['RETAIL'],
};

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

describe('funds and share classes', () => {
  it('creates a fund and a share class, audited, in the catalog at once', async () => {
    const db = await getDb();
    const fund = await createFund(db, newFund, editor);
    expect(fund).toMatchObject({ ok: true, changed: true });
    if (!fund.ok) return;
    expect((await rawCatalog(db)).funds.map((f) => f.slug)).toContain(newFund.slug);

    const share = await createShare(db, fund.id, { ...newShare, isinCode: isin.toLowerCase() }, editor);
    expect(share).toMatchObject({ ok: true });
    if (!share.ok) return;
    const catalog = await rawCatalog(db);
    expect(catalog.shares.find((s) => s.id === share.id)?.isinCode).toBe(isin);
    expect(catalog.performances.get(share.id)).toMatchObject({ asOf: null, lessThanOneYear: true });
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'share'), eq(t.auditLog.entityId, String(share.id)), byEditor)).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'create', entityId: String(share.id), after: { isinCode: isin, sriLevel: 5, registered: { country: 'FR', profiles: ['RETAIL'] } } });
    // Registered in the home country for its profiles only; every other country waits for the grid.
    const registrations = await db.select().from(t.shareRegistrations).where(eq(t.shareRegistrations.shareId, share.id));
    expect(registrations.map((r) => [r.countryCode, r.investorProfile, r.withdrawnOn])).toEqual([['FR', 'RETAIL', null]]);

    // The same ISIN or slug again, an SRI out of range, an unknown category: refused, field by field.
    expect(await createShare(db, fund.id, newShare, editor)).toEqual({ ok: false, errors: { isinCode: 'taken', slug: 'taken' } });
    expect(await createShare(db, fund.id, { ...newShare, sriLevel: 8 }, editor)).toEqual({ ok: false, errors: { sriLevel: 'sri-range' } });
    expect(await createFund(db, { ...newFund, categoryCode: 'nope' }, editor)).toEqual({ ok: false, errors: { categoryCode: 'unknown', slug: 'taken' } });

    // An edit records only what changed; the same values again change nothing.
    expect(await updateFund(db, fund.id, { title: { fr: 'Aurore Test Renommé', en: 'Aurore Test New' } }, editor)).toMatchObject({ ok: true, changed: true });
    const [update] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.action, 'update'), eq(t.auditLog.entityId, String(fund.id)), byEditor)).orderBy(desc(t.auditLog.id)).limit(1);
    expect(update?.before).toEqual({ title: { fr: 'Aurore Test Nouveau', en: 'Aurore Test New' } });
    expect(update?.after).toEqual({ title: { fr: 'Aurore Test Renommé', en: 'Aurore Test New' } });
    expect(await updateFund(db, fund.id, { title: { fr: 'Aurore Test Renommé', en: 'Aurore Test New' } }, editor)).toMatchObject({ changed: false });
    expect(await updateShare(db, share.id, { sriLevel: 6 }, editor)).toMatchObject({ ok: true, changed: true });

    // A share class without NAVs or documents can be deleted; then its fund.
    expect(await deleteShare(db, share.id, editor)).toEqual({ ok: true });
    expect(await deleteFund(db, fund.id, editor)).toEqual({ ok: true });
  });

  it('never deletes a fund or share that NAVs or documents refer to: it is archived instead', async () => {
    const db = await getDb();
    const [fund] = await db.select().from(t.funds).where(eq(t.funds.slug, fixtures[0]!.slug));
    const [share] = await db.select().from(t.shares).where(eq(t.shares.fundId, fund!.id)).limit(1);
    const refusal = await deleteShare(db, share!.id, editor);
    expect(refusal).toMatchObject({ ok: false, error: 'referenced' });
    expect(!refusal.ok && refusal.navs).toBeGreaterThan(0);
    expect(await deleteFund(db, fund!.id, editor)).toMatchObject({ ok: false, error: 'referenced' });
    expect(await db.$count(t.shares, eq(t.shares.id, share!.id))).toBe(1);

    expect(await archiveFund(db, fund!.id, editor)).toMatchObject({ ok: true, changed: true });
    expect((await rawCatalog(db)).funds.find((f) => f.id === fund!.id)?.active).toBe(false);
    const [archived] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entityId, String(fund!.id)), byEditor)).orderBy(desc(t.auditLog.id)).limit(1);
    expect([archived?.entity, archived?.before, archived?.after]).toEqual(['fund', { active: true }, { active: false }]);
    await updateFund(db, fund!.id, { active: true }, editor);
  });

  it('has SRI and SFDR enforced by the database itself', async () => {
    const db = await getDb();
    await expect(db.execute(sql`UPDATE share SET sri_level = 8 WHERE id = (SELECT min(id) FROM share)`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE fund SET sfdr_article = 7 WHERE id = (SELECT min(id) FROM fund)`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE fund SET risk_level = 0 WHERE id = (SELECT min(id) FROM fund)`)).rejects.toThrow();
  });
});
