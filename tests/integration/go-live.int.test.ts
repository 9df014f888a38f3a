/**
 * Going live (issue 43): the checklist's facts on the demo house, the "not yet public" switch
 * (audited, published to the proxy's gate), and the gate letting through exactly the staff whose
 * session cookie Better Auth signed with the server's key.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { setupChecklist } from '../../src/domain/setup/checklist';
import { company } from '../../src/server/db/seed/fixtures/content/company';
import { createStaffAccount } from '../../src/server/auth/accounts';
import { createAuth } from '../../src/server/auth/config';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { loadSiteGate } from '../../src/server/http/route-catalog';
import { closedSiteAnswer, publishSiteGate } from '../../src/server/http/site-gate';
import { setupFacts } from '../../src/server/setup/queries';
import { readSiteOpen, setSiteOpen } from '../../src/server/setup/site-open';

const run = randomUUID().slice(0, 8);
const actor = { type: 'system', label: `go-live ${run}` } as const;

afterAll(() => publishSiteGate({ open: true, company: {}, sessionSecret: null }));

describe('the go-live checklist', () => {
  it('finds the demo house complete but for what its environment and its accounts lack', async () => {
    const db = await getDb();
    const facts = await setupFacts(db);
    expect(facts.identityMissing).toEqual([]);
    expect(facts.fundsWithShares).toBeGreaterThan(0);
    expect(facts.retailSharesWithoutKid).toEqual([]);
    expect(facts.legalPages).toEqual({ 'legal-notices': 'ready', rgpd: 'ready', accessibility: 'ready' });
    expect(facts.countriesWithoutPage).toEqual([]);
    // The demo seeds its logo, as a house uploads its own (house-images.int.test.ts).
    expect(facts.hasLogo).toBe(true);
    const pending = setupChecklist(facts).filter((i) => !i.done).map((i) => i.code);
    expect(pending.filter((code) => code !== 'mail' && code !== 'approver')).toEqual([]);
  });

  it('names a retail share class that loses its KID, a legal page that loses its text, and counts approvers', async () => {
    const db = await getDb();
    const [kid] = await db
      .select({ id: t.documents.id, isin: t.shares.isinCode })
      .from(t.documents)
      .innerJoin(t.shares, eq(t.shares.id, t.documents.shareId))
      .innerJoin(t.shareRegistrations, and(eq(t.shareRegistrations.shareId, t.shares.id), eq(t.shareRegistrations.investorProfile, 'RETAIL')))
      .where(and(eq(t.documents.documentTypeCode, 'KIID'), eq(t.documents.published, true)))
      .limit(1);
    if (!kid) throw new Error('the demo has a retail KID');
    const approversBefore = (await setupFacts(db)).approvers;
    await db.transaction(async (tx) => {
      await tx.update(t.documents).set({ published: false }).where(and(eq(t.documents.shareId, (await tx.select({ s: t.documents.shareId }).from(t.documents).where(eq(t.documents.id, kid.id)))[0]?.s ?? -1), eq(t.documents.documentTypeCode, 'KIID')));
      await tx.delete(t.pages).where(eq(t.pages.code, 'accessibility'));
    });
    await createStaffAccount(db, { email: `approver-${run}@fundhouse.test`, role: 'compliance', password: 'a long enough password' }, actor);
    const facts = await setupFacts(db);
    expect(facts.retailSharesWithoutKid.map((s) => s.isin)).toContain(kid.isin);
    expect(facts.legalPages.accessibility).toBe('missing');
    expect(facts.approvers).toBe(approversBefore + 1);
    const kids = setupChecklist(facts).find((i) => i.code === 'kids');
    expect(kids?.done).toBe(false);
  });
});

describe('the site not yet public', () => {
  it('is opened and closed by an admin, audited, and the proxy’s gate follows', async () => {
    const db = await getDb();
    expect(await readSiteOpen(db)).toBe(true);
    expect(await setSiteOpen(db, false, actor)).toEqual({ changed: true });
    expect(await setSiteOpen(db, false, actor)).toEqual({ changed: false });
    expect(await readSiteOpen(db)).toBe(false);
    const gate = await loadSiteGate(db);
    expect(gate.open).toBe(false);
    // The house's name per language, as the demo seeds it: the 503 page names it.
    expect(gate.company).toEqual({ fr: company.title.fr, en: company.title.en, es: company.title.es });
    const audit = await db.select({ action: t.auditLog.action }).from(t.auditLog).where(and(eq(t.auditLog.entity, 'site'), eq(t.auditLog.actorLabel, actor.label)));
    expect(audit.map((a) => a.action)).toEqual(['close']);
    await setSiteOpen(db, true, actor);
    expect((await loadSiteGate(db)).open).toBe(true);
  });

  it('lets through the staff member Better Auth signed in, and no one else', async () => {
    const db = await getDb();
    const secret = `integration-secret-${run}-of-at-least-32-chars`;
    const auth = createAuth(db, secret);
    const email = `gate-${run}@fundhouse.test`;
    await createStaffAccount(db, { email, role: 'editor', password: 'a long enough password' }, actor);
    const signedIn = await auth.api.signInEmail({ body: { email, password: 'a long enough password' }, returnHeaders: true });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/staff\.session_token=/);
    publishSiteGate({ open: false, company: { en: 'Example House' }, sessionSecret: secret });
    expect(await closedSiteAnswer('/en/funds', new Headers({ cookie }), ['en'])).toBe('staff');
    const visitor = await closedSiteAnswer('/en/funds', new Headers(), ['en']);
    expect(visitor).toBeInstanceOf(Response);
    expect((visitor as Response).status).toBe(503);
    publishSiteGate({ open: false, company: {}, sessionSecret: 'another-secret-of-at-least-32-characters' });
    expect(await closedSiteAnswer('/en/funds', new Headers({ cookie }), ['en'])).not.toBe('staff');
  });
});
