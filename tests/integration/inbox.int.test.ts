import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissionsCsv } from '../../src/domain/forms/csv';
import { createStaffAccount } from '../../src/server/auth/accounts';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { setHandling } from '../../src/server/inbox/commands';
import { retryMailNow } from '../../src/server/outbox/commands';
import { getAttachment, getInboxItem, listInbox, listOutbox, outboxCounts } from '../../src/server/inbox/queries';
import { listSubmissions } from '../../src/server/submissions/queries';
import { storeSubmission } from '../../src/server/submissions/commands';

// Its own label: the audit entries this file reads are those it wrote.
const system = { type: 'system', label: `inbox test ${randomUUID()}` } as const;
const limit = { max: 100, windowSeconds: 60 };

async function submit(kind: 'contact' | 'career', fields: Record<string, unknown>, at: string, file?: string) {
  const id = randomUUID();
  await storeSubmission(
    await getDb(),
    {
      id,
      kind,
      locale: 'fr',
      data: { fields, captcha: { status: 'off' } },
      clientHash: `client-${id}`,
      attachments: file ? [{ field: 'cv', fileName: file, mimeType: 'application/pdf', size: 4, sha256: 'ab'.repeat(32), data: new Uint8Array([37, 80, 68, 70]) }] : [],
      mail: { to: 'staff@fundhouse.test', subject: `${kind} ${id}`, text: 'body' },
    },
    limit,
    new Date(at),
  );
  return id;
}

describe('the back-office inbox and outbox', () => {
  it('filters by form, days, status and a name or e-mail, in bounded pages, newest first', async () => {
    const db = await getDb();
    const a = await submit('contact', { firstName: 'Anne', lastName: 'Dupont', email: 'anne.dupont@example.com' }, '2026-03-01T10:00:00Z');
    const b = await submit('career', { firstName: 'Bruno', lastName: 'Martin', email: 'bruno@example.com' }, '2026-03-02T10:00:00Z', 'cv.pdf');
    const c = await submit('contact', { firstName: 'Carla', lastName: '100%_Ruiz', email: 'carla@example.es' }, '2026-03-03T23:59:00Z');

    const all = await listInbox(db, { from: '2026-03-01', to: '2026-03-03' }, 1);
    expect(all.rows.map((r) => r.id)).toEqual([c, b, a]);
    expect(all.rows.find((r) => r.id === b)?.files).toBe(1);
    expect((await listInbox(db, { kind: 'career', from: '2026-03-01', to: '2026-03-03' }, 1)).rows.map((r) => r.id)).toEqual([b]);
    expect((await listInbox(db, { q: 'dupont anne' }, 1)).rows.map((r) => r.id)).toEqual([a]);
    expect((await listInbox(db, { q: 'anne martin' }, 1)).rows.map((r) => r.id)).toEqual([]);
    expect((await listInbox(db, { q: 'anne dupont' }, 1)).rows.map((r) => r.id)).toEqual([a]);
    expect((await listInbox(db, { q: 'DUPONT Anne' }, 1)).rows.map((r) => r.id)).toEqual([a]);
    expect((await listInbox(db, { q: 'BRUNO@EXAMPLE' }, 1)).rows.map((r) => r.id)).toEqual([b]);
    // LIKE wildcards typed in the search are plain characters.
    expect((await listInbox(db, { q: '%' }, 1)).rows.map((r) => r.id)).toEqual([c]);
    expect((await listInbox(db, { q: '_' }, 1)).rows.map((r) => r.id)).toEqual([c]);
    // A page past the end shows the last page.
    expect((await listInbox(db, { from: '2026-03-01', to: '2026-03-03' }, 99)).page).toBe(1);

    const file = (await getInboxItem(db, b))?.files[0];
    expect(file?.fileName).toBe('cv.pdf');
    expect(await getAttachment(db, b, file?.id ?? 0)).toMatchObject({ fileName: 'cv.pdf' });
    expect(await getAttachment(db, a, file?.id ?? 0)).toBeNull(); // another submission's file is not reachable
    expect(await getInboxItem(db, 'not-a-uuid')).toBeNull();

    // The export is the CLI's rows and columns, filtered the same way.
    const exported = await listSubmissions(db, { inbox: { kind: 'contact', from: '2026-03-01', to: '2026-03-03' }, limit: 1 });
    expect(exported.map((r) => r.id)).toEqual([a]);
    expect(submissionsCsv(exported).split('\n')[1]).toContain('anne.dupont@example.com');
  });

  it('records who set the status and the assignee, with before and after; refuses a reader as assignee', async () => {
    const db = await getDb();
    const id = await submit('contact', { firstName: 'Dora', lastName: 'Lee', email: 'dora@example.com' }, '2026-04-01T09:00:00Z');
    const editor = await createStaffAccount(db, { email: 'inbox-editor@fundhouse.test', role: 'editor', password: 'a-long-enough-password' }, system);
    const reader = await createStaffAccount(db, { email: 'inbox-reader@fundhouse.test', role: 'reader', password: 'a-long-enough-password' }, system);
    if (!editor.ok || !reader.ok) throw new Error('accounts not created');
    const actor = { type: 'account', id: editor.id, label: 'inbox-editor@fundhouse.test' } as const;

    expect(await setHandling(db, id, { status: 'in-progress', assigneeId: reader.id }, actor)).toEqual({ ok: false, error: 'assignee' });
    expect(await setHandling(db, id, { status: 'in-progress', assigneeId: editor.id }, actor)).toEqual({ ok: true, changed: true });
    expect(await setHandling(db, id, { status: 'in-progress', assigneeId: editor.id }, actor)).toEqual({ ok: true, changed: false });
    expect(await setHandling(db, id, { status: 'done', assigneeId: editor.id }, actor)).toEqual({ ok: true, changed: true });
    const item = await getInboxItem(db, id);
    expect(item).toMatchObject({ status: 'done', assigneeId: editor.id, handledBy: 'inbox-editor@fundhouse.test' });
    const entries = await db.select().from(t.auditLog).where(eq(t.auditLog.entityId, id));
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['handle', { status: 'new', assignee: null }, { status: 'in-progress', assignee: 'inbox-editor@fundhouse.test' }],
      ['handle', { status: 'in-progress', assignee: 'inbox-editor@fundhouse.test' }, { status: 'done', assignee: 'inbox-editor@fundhouse.test' }],
    ]);
    // The database refuses a status outside the three.
    await expect(db.update(t.formSubmissions).set({ status: 'archived' }).where(eq(t.formSubmissions.id, id))).rejects.toThrow();
  });

  it('counts pending and failing mails, and a retry makes a failing one due now, audited', async () => {
    const db = await getDb();
    const id = await submit('contact', { firstName: 'Eva', lastName: 'Stone', email: 'eva@example.com' }, '2026-05-01T09:00:00Z');
    const [mail] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.submissionId, id));
    if (!mail) throw new Error('no mail');
    const before = await outboxCounts(db);
    const later = new Date(Date.now() + 3_600_000);
    await db.update(t.mailOutbox).set({ attempts: 3, lastError: 'connect ECONNREFUSED', nextAttemptAt: later }).where(eq(t.mailOutbox.id, mail.id));
    const after = await outboxCounts(db);
    expect(after).toEqual({ pending: before.pending - 1, failing: before.failing + 1 });
    expect((await listOutbox(db, 'failing', 1)).rows.map((m) => m.id)).toContain(mail.id);
    expect((await listOutbox(db, 'sent', 1)).rows.map((m) => m.id)).not.toContain(mail.id);

    expect(await retryMailNow(db, mail.id, system)).toBe(true);
    const [due] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.id, mail.id));
    expect(due?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const entries = await db.select().from(t.auditLog).where(and(eq(t.auditLog.action, 'retry-now'), eq(t.auditLog.entityId, String(mail.id)), eq(t.auditLog.actorLabel, system.label)));
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ entity: 'mail', entityId: String(mail.id), before: { attempts: 3, lastError: 'connect ECONNREFUSED' } });

    await db.update(t.mailOutbox).set({ sentAt: new Date() }).where(eq(t.mailOutbox.id, mail.id));
    expect(await retryMailNow(db, mail.id, system)).toBe(false); // a sent mail is not sent again
    expect(await retryMailNow(db, 99_999_999, system)).toBe(false);
  });
});
