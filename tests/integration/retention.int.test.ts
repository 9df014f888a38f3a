import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS } from '../../src/domain/privacy/gdpr';
import type { FormKind } from '../../src/domain/forms/fields';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { purgeExpiredSubmissions } from '../../src/server/privacy/retention';

const DAY = 86_400_000;
const NOW = new Date('2031-06-15T12:00:00Z');
// Its own label: the audit entries this file reads are those it wrote, whatever else wrote on the database.
const actor = { type: 'system', label: `retention test ${randomUUID()}` } as const;
const KINDS: FormKind[] = ['contact', 'newsletter', 'career', 'subscribe'];

/** A submission whose retention date (creation, or unsubscription for the newsletter) is `days` before NOW, with a file and a mail. */
async function row(kind: FormKind, days: number, options: { subscribed?: boolean } = {}) {
  const db = await getDb();
  const id = randomUUID();
  const at = new Date(NOW.getTime() - days * DAY);
  const newsletter = kind === 'newsletter';
  await db.insert(t.formSubmissions).values({
    id,
    kind,
    locale: 'fr',
    data: { fields: { email: `${kind}-${days}-${id.slice(0, 4)}@example.com` } },
    // A newsletter subscriber's sign-up is old; what counts is when they left.
    createdAt: newsletter ? new Date(at.getTime() - 4000 * DAY) : at,
    unsubscribedAt: newsletter && !options.subscribed ? at : null,
  });
  await db.insert(t.submissionAttachments).values({ submissionId: id, fileName: 'f.pdf', mimeType: 'application/pdf', size: 1, sha256: 'ef'.repeat(32), data: new Uint8Array([1]) });
  await db.insert(t.mailOutbox).values({ kind: 'submission', submissionId: id, to: 'staff@fundhouse.test', subject: id, text: 'x' });
  return id;
}

describe('the retention purge', () => {
  it('deletes exactly the submissions older than their form period, with their files and mails, and audits the run', async () => {
    const db = await getDb();
    const gone: string[] = [];
    const kept: string[] = [];
    for (const kind of KINDS) {
      const days = DEFAULT_RETENTION_DAYS[kind];
      gone.push(await row(kind, days + 1));
      kept.push(await row(kind, days - 1));
    }
    // A newsletter subscriber still subscribed stays, however old the subscription.
    kept.push(await row('newsletter', 9000, { subscribed: true }));

    // What the rule keeps, over the whole table (other files' rows included, on a shared PostgreSQL).
    const before = await db.select({ id: t.formSubmissions.id, kind: t.formSubmissions.kind, createdAt: t.formSubmissions.createdAt, unsubscribedAt: t.formSubmissions.unsubscribedAt }).from(t.formSubmissions);
    const expired = (r: (typeof before)[number]) => {
      const kind = r.kind as FormKind;
      const from = kind === 'newsletter' ? r.unsubscribedAt : r.createdAt;
      return from !== null && from.getTime() < NOW.getTime() - DEFAULT_RETENTION_DAYS[kind] * DAY;
    };
    const expected = Object.fromEntries(KINDS.map((k) => [k, before.filter((r) => r.kind === k && expired(r)).length]));
    for (const kind of KINDS) expect(expected[kind]).toBeGreaterThanOrEqual(1);

    const result = await purgeExpiredSubmissions(db, actor, { now: NOW, periods: DEFAULT_RETENTION_DAYS });
    expect(result).toMatchObject({ status: 'done', deleted: expected, remaining: false });
    const after = (await db.select({ id: t.formSubmissions.id }).from(t.formSubmissions)).map((r) => r.id).sort();
    expect(after).toEqual(before.filter((r) => !expired(r)).map((r) => r.id).sort());
    expect(await db.select({ id: t.formSubmissions.id }).from(t.formSubmissions).where(inArray(t.formSubmissions.id, gone))).toEqual([]);
    expect((await db.select({ id: t.formSubmissions.id }).from(t.formSubmissions).where(inArray(t.formSubmissions.id, kept))).map((r) => r.id).sort()).toEqual([...kept].sort());
    expect(await db.select().from(t.submissionAttachments).where(inArray(t.submissionAttachments.submissionId, gone))).toEqual([]);
    expect(await db.select().from(t.mailOutbox).where(inArray(t.mailOutbox.subject, gone))).toEqual([]);
    expect(await db.select().from(t.mailOutbox).where(inArray(t.mailOutbox.subject, kept))).toHaveLength(kept.length);

    const ours = and(eq(t.auditLog.action, 'retention-purge'), eq(t.auditLog.actorLabel, actor.label));
    const entries = await db.select().from(t.auditLog).where(ours);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'privacy', actorType: 'system', actorLabel: actor.label, after: { deleted: expected, periods: DEFAULT_RETENTION_DAYS } });
    expect(JSON.stringify(entries[0])).not.toContain('@example.com');

    // Again: nothing more to delete, nothing more audited.
    expect(await purgeExpiredSubmissions(db, actor, { now: NOW, periods: DEFAULT_RETENTION_DAYS })).toMatchObject({ deleted: { contact: 0, newsletter: 0, career: 0, subscribe: 0 } });
    expect(await db.select().from(t.auditLog).where(ours)).toHaveLength(1);
  });

  it('deletes in batches, at most its bound per run, and says when some remain', async () => {
    const db = await getDb();
    const periods = { ...DEFAULT_RETENTION_DAYS, contact: 800 };
    const old = [];
    for (let i = 0; i < 5; i += 1) old.push(await row('contact', 900 + i));
    const first = await purgeExpiredSubmissions(db, actor, { now: NOW, periods, batch: 2, maxPerForm: 3 });
    expect(first).toMatchObject({ status: 'done', remaining: true, deleted: { contact: 3 } });
    // The oldest go first.
    expect((await db.select({ id: t.formSubmissions.id }).from(t.formSubmissions).where(inArray(t.formSubmissions.id, old))).map((r) => r.id).sort()).toEqual(old.slice(0, 2).sort());
    expect(await purgeExpiredSubmissions(db, actor, { now: NOW, periods, batch: 2, maxPerForm: 3 })).toMatchObject({ remaining: false, deleted: { contact: 2 } });
  });
});
