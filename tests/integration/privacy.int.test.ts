import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeEmail } from '../../src/domain/privacy/gdpr';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { getAttachment, listInbox } from '../../src/server/inbox/queries';
import { listSubmissions } from '../../src/server/submissions/queries';
import { storeSubmission } from '../../src/server/submissions/commands';
import { addressHash, eraseAddress, exportAddress, summarizeAddress } from '../../src/server/privacy/requests';

const actor = { type: 'account', id: 'privacy-test', label: 'privacy-editor@fundhouse.test' } as const;
const limit = { max: 1000, windowSeconds: 60 };
const PDF = new Uint8Array([37, 80, 68, 70, 45, 49]);

/** Every submission this file makes: removed at the end, so that on a PostgreSQL shared by the test files no other file meets these `%` and `_` addresses. */
const created: string[] = [];
afterAll(async () => {
  const db = await getDb();
  await db.delete(t.mailOutbox).where(inArray(t.mailOutbox.submissionId, created));
  await db.delete(t.mailOutbox).where(inArray(t.mailOutbox.subject, ['not them', 'to the person', 'staff account mail', 'staff alert mail']));
  await db.delete(t.formSubmissions).where(inArray(t.formSubmissions.id, created));
});

async function submit(kind: 'contact' | 'career' | 'newsletter' | 'subscribe', email: string, extra: Record<string, unknown> = {}, file = false) {
  const id = randomUUID();
  created.push(id);
  await storeSubmission(
    await getDb(),
    {
      id,
      kind,
      locale: 'en',
      data: { fields: { firstName: 'Ada', lastName: `L-${id.slice(0, 6)}`, email, ...extra }, captcha: { status: 'off' } },
      clientHash: `client-${id}`,
      attachments: file ? [{ field: 'cv', fileName: `cv-${id}.pdf`, mimeType: 'application/pdf', size: PDF.byteLength, sha256: 'cd'.repeat(32), data: PDF }] : [],
      mail: { to: 'staff@fundhouse.test', subject: `${kind} ${id}`, text: `from ${email}` },
    },
    limit,
  );
  return id;
}

/** The person and look-alikes of their address: case and space variants are the person, the rest are others. */
function people(domain: string) {
  const person = `jo_hn%doe@${domain}`;
  return {
    person,
    same: [person, `  JO_HN%Doe@${domain.toUpperCase()} `, `Jo_Hn%DOE@${domain}`],
    others: [`${person}.evil`, `x${person}`, `joxhnydoe@${domain}`, person.slice(0, -1), `john.doe@${domain}`, `${person}m`],
  };
}

async function seedPeople(domain: string) {
  const db = await getDb();
  const { same, others } = people(domain);
  const mine = [
    await submit('contact', same[0] ?? '', { subject: 'Hello' }),
    await submit('career', same[1] ?? '', { position: 'Analyst' }, true),
    await submit('newsletter', same[2] ?? '', { newsletters: ['REP'] }),
    await submit('subscribe', same[0] ?? '', { isin: 'FR0000000000', amount: '1000' }),
  ];
  const theirs = [];
  for (const [i, email] of others.entries()) theirs.push(await submit(i % 2 ? 'career' : 'contact', email, {}, i % 2 === 1));
  // A newsletter mail to the person that is about no submission, and one to someone else; and the
  // staff's mails to that same address (an account mail, an alert), which are no visitor data.
  await db.insert(t.mailOutbox).values([
    { kind: 'newsletter', to: ` John%Doe@${domain} `, subject: 'not them', text: 'x' },
    { kind: 'newsletter', to: `JO_HN%DOE@${domain}`, subject: 'to the person', text: 'personal' },
    { kind: 'account', to: `JO_HN%DOE@${domain}`, subject: 'staff account mail', text: 'reset' },
    { kind: 'alert', to: `jo_hn%doe@${domain}`, subject: 'staff alert mail', text: 'alert' },
  ]);
  return { mine, theirs, same };
}

describe('GDPR requests about one e-mail address', () => {
  it('normalizes an address: trimmed, lowercased, bounded; refuses what is no address', () => {
    expect(normalizeEmail('  A@B.Example ')).toBe('a@b.example');
    expect(normalizeEmail('no-at-sign')).toBeNull();
    expect(normalizeEmail(`${'a'.repeat(250)}@b.co`)).toBeNull();
    expect(normalizeEmail('a b@c.de')).toBeNull();
    expect(normalizeEmail(['a@b.co'])).toBeNull();
  });

  it('exports every submission of the address (case and spaces aside) and nothing of look-alike addresses; audited without the address', async () => {
    const db = await getDb();
    const { mine, theirs, same } = await seedPeople('example.com');
    const email = normalizeEmail(people('example.com').person) ?? '';
    const exported = await exportAddress(db, email, actor);
    expect(exported.submissions.map((s) => s.id).sort()).toEqual([...mine].sort());
    expect(exported.submissions.some((s) => theirs.includes(s.id))).toBe(false);
    expect(JSON.stringify(exported)).not.toMatch(/evil|xjo_hn|joxhnydoe|example\.co"|example\.comm|john\.doe|not them|example\.ne|staff account mail|staff alert mail/);
    const career = exported.submissions.find((s) => s.form === 'career');
    expect(career?.attachments).toHaveLength(1);
    expect(Buffer.from(career?.attachments[0]?.contentBase64 ?? '', 'base64')).toEqual(Buffer.from(PDF));
    expect(exported.submissions.find((s) => s.form === 'contact')?.fields).toMatchObject({ subject: 'Hello', email: same[0] });
    // The staff mail of each submission and the mail to the person.
    expect(exported.mails).toHaveLength(mine.length + 1);
    expect(exported.mails.map((m) => m.subject)).toContain('to the person');
    expect(exported.omittedFileContents).toBe(0);

    // This file's own entries: on PostgreSQL other files' exports share the audit log.
    const [entry] = await db.select().from(t.auditLog).where(and(eq(t.auditLog.action, 'export'), eq(t.auditLog.actorLabel, actor.label)));
    expect(entry).toMatchObject({ entity: 'privacy', actorLabel: actor.label, after: { addressHash: await addressHash(email, db), submissions: 4, attachments: 1, mails: 5 } });
    expect(JSON.stringify(entry)).not.toContain('example.com');
  });

  it('erases the submissions, files and mails of the address everywhere, keeps the look-alikes, and audits counts and a keyed hash only', async () => {
    const db = await getDb();
    const { mine, theirs, same } = await seedPeople('example.net');
    const email = normalizeEmail(` ${people('example.net').person.toUpperCase()} `) ?? '';
    const fileId = (await db.select({ id: t.submissionAttachments.id }).from(t.submissionAttachments).where(eq(t.submissionAttachments.submissionId, mine[1] ?? '')))[0]?.id ?? 0;
    const before = await summarizeAddress(db, email);
    expect(before).toEqual({ forms: { contact: 1, career: 1, newsletter: 1, subscribe: 1 }, submissions: 4, attachments: 1, mails: 5, alertSubscriber: 0, alertFunds: 0 });

    expect(await eraseAddress(db, email, actor)).toEqual(before);
    expect(await db.select().from(t.formSubmissions).where(inArray(t.formSubmissions.id, mine))).toEqual([]);
    expect(await db.select().from(t.submissionAttachments).where(inArray(t.submissionAttachments.submissionId, mine))).toEqual([]);
    expect(await getAttachment(db, mine[1] ?? '', fileId)).toBeNull();
    const mails = await db.select({ to: t.mailOutbox.to, text: t.mailOutbox.text, subject: t.mailOutbox.subject }).from(t.mailOutbox);
    expect(mails.filter((m) => (m.to.trim().toLowerCase() === email && !m.subject.startsWith('staff ')) || m.text.toLowerCase() === `from ${email}`)).toEqual([]);
    expect(mails.map((m) => m.subject)).toContain('not them');
    // The staff's mails to that address stay: an erasure is about visitors' data only.
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['staff account mail', 'staff alert mail']));
    // Nowhere left: the inbox, its export, a new export.
    expect((await listInbox(db, { q: 'jo_hn%doe@example.net' }, 1)).rows.map((r) => r.fields.email)).not.toContain(same[0]);
    expect((await listSubmissions(db, {})).some((r) => (mine as string[]).includes(r.id))).toBe(false);
    expect((await exportAddress(db, email, actor)).submissions).toEqual([]);
    // The others are untouched, files and mails included.
    expect(await db.select({ id: t.formSubmissions.id }).from(t.formSubmissions).where(inArray(t.formSubmissions.id, theirs))).toHaveLength(theirs.length);
    expect(await db.select().from(t.mailOutbox).where(inArray(t.mailOutbox.submissionId, theirs))).toHaveLength(theirs.length);
    expect(await summarizeAddress(db, email)).toEqual({ forms: {}, submissions: 0, attachments: 0, mails: 0, alertSubscriber: 0, alertFunds: 0 });

    const entries = await db.select().from(t.auditLog).where(and(eq(t.auditLog.action, 'erase'), eq(t.auditLog.actorLabel, actor.label)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'privacy', entityId: null, actorLabel: actor.label, before: null, after: { addressHash: await addressHash(email, db), submissions: 4, attachments: 1, mails: 5 } });
    expect(JSON.stringify(entries[0])).not.toMatch(/example|Ada|Hello|Analyst/);
  });
});
