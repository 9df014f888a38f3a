/**
 * The newsletter list and its unsubscribe link, through the real form endpoint and the real
 * unsubscribe endpoint on a real database: the confirmation mail carries a single-use link whose
 * token only the mail holds (the database keeps its SHA-256).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/server/outbox/drain';
import en from '../../messages/forms/en.json';
import fr from '../../messages/forms/fr.json';

const SITE = 'https://www.fundhouse.test';
process.env.PUBLIC_BASE_URL = SITE;
process.env.MAIL_TO = 'staff@fundhouse.test';

const { handleFormPost } = await import('../../src/server/forms/handle-post');
const { handleUnsubscribePost } = await import('../../src/server/privacy/unsubscribe-post');
const { unsubscribeTokenIsValid } = await import('../../src/server/privacy/unsubscribe');
const { exportSubscribers, listSubscribers } = await import('../../src/server/privacy/newsletter');
const { subscribersCsv } = await import('../../src/domain/privacy/gdpr');
const { getDb } = await import('../../src/server/db');
const { drainOutbox } = await import('../../src/server/outbox/drain');
const { LINK_MARKER } = await import('../../src/domain/forms/outbox-mail');
const t = await import('../../src/server/db/schema');

/** Every confirmation the outbox delivered, by submission: the subscriber's mail as it left, link included. */
const delivered = new Map<string, MailMessage>();

/** Every sign-up this file made: the submissions and audit entries it reads are theirs, not another file's. */
const signUps: string[] = [];

let ip = 0;
async function signUp(locale: 'fr' | 'en', email: string, lastName: string, options: string[]) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ locale, email, firstName: 'Nora', lastName, validation: 'on' })) data.append(name, value);
  for (const o of options) data.append('newsletters', o);
  const request = new Request('http://localhost/api/forms/newsletter', { method: 'POST', body: data, headers: { 'x-fundhouse-client': `203.0.113.${(ip += 1)}` } });
  const response = await handleFormPost(request, 'newsletter', () => undefined);
  const body = (await response.json()) as { ok: boolean; id: string };
  expect(body.ok).toBe(true);
  signUps.push(body.id);
  // The outbox worker sends its two mails now (the staff's and the subscriber's): the link exists only in the mail that leaves.
  const sent: MailMessage[] = [];
  await drainOutbox({ transport: { sendMail: async (message) => sent.push(message) } });
  // On a PostgreSQL shared by the test files, the pass also sends other files' mails: pick this subscriber's.
  const confirmation = sent.find((m) => m.to === email);
  if (confirmation) delivered.set(body.id, confirmation);
  return body.id;
}

/** The unsubscribe entries of this file's sign-ups (the audit names the submission, its actor is the app's own label). */
const unsubscribesOfThisFile = () => and(eq(t.auditLog.entity, 'newsletter'), eq(t.auditLog.action, 'unsubscribe'), inArray(t.auditLog.entityId, [...signUps]));

/** The link of the confirmation mail of a sign-up, as the subscriber receives it. */
async function mailedLink(id: string) {
  const confirmation = delivered.get(id);
  const link = /(https:\/\/\S+\?token=[\w-]+)/.exec(confirmation?.text ?? '')?.[1];
  if (!confirmation || !link) throw new Error('no confirmation mail with a link');
  return { confirmation, link: new URL(link) };
}

function postUnsubscribe(token: string, locale = 'en', client = '192.0.2.10') {
  const request = new Request(`${SITE}/api/newsletter/unsubscribe`, {
    method: 'POST',
    body: new URLSearchParams({ token, locale }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, 'x-fundhouse-client': client },
  });
  return handleUnsubscribePost(request);
}

describe('the newsletter list and its unsubscribe link', () => {
  it('mails the subscriber a confirmation in their language with an unguessable link, stored only as a hash', async () => {
    const db = await getDb();
    const id = await signUp('fr', 'Nora.Link@Example.com', 'Link', ['REP', 'EVE']);
    const { confirmation, link } = await mailedLink(id);
    expect(confirmation.to).toBe('Nora.Link@Example.com');
    expect(confirmation.subject).toBe(fr.Unsubscribe.mail.subject);
    expect(confirmation.text).toContain('reporting, événements');
    expect(link.origin + link.pathname).toBe(`${SITE}/fr/desabonnement`);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const [row] = await db.select().from(t.formSubmissions).where(eq(t.formSubmissions.id, id));
    expect(row?.unsubscribeTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // The outbox keeps the mail without its link: not in the text, and nothing sealed once it is sent.
    const stored = (await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.submissionId, id))).find((m) => m.kind === 'newsletter');
    expect(stored).toMatchObject({ to: 'Nora.Link@Example.com', linkSealed: null, sentAt: expect.any(Date) });
    expect(stored?.text).toContain(LINK_MARKER);
    expect(JSON.stringify(stored)).not.toContain(token);
    // Two sign-ups never share a token.
    const other = (await mailedLink(await signUp('en', 'someone.else@example.com', 'Else', ['AN']))).link.searchParams.get('token');
    expect(other).not.toBe(token);
  });

  it('lists one row per address, the latest sign-up winning, filtered by topic; the CSV is safe for spreadsheets', async () => {
    const db = await getDb();
    await signUp('en', 'list.one@example.com', 'First', ['REP']);
    await new Promise((r) => setTimeout(r, 5));
    await signUp('en', '  LIST.ONE@example.com ', '=HYPERLINK("x")', ['AN', 'NEWS']);
    await signUp('fr', 'list.two@example.com', 'Two', ['REP']);
    const all = await exportSubscribers(db, undefined, 1000);
    const one = all.filter((s) => s.email === 'list.one@example.com');
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ lastName: '=HYPERLINK("x")', options: ['AN', 'NEWS'] });
    expect((await exportSubscribers(db, 'REP', 1000)).map((s) => s.email)).toContain('list.two@example.com');
    expect((await exportSubscribers(db, 'REP', 1000)).map((s) => s.email)).not.toContain('list.one@example.com');
    const page = await listSubscribers(db, 'AN', 1);
    expect(page.rows.map((r) => r.email)).toContain('list.one@example.com');
    const csv = subscribersCsv(one);
    expect(csv.split('\r\n')[0]).toBe('email,first_name,last_name,company,language,consent_at,REP,AN,EVE,NEWS');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.split('\r\n')[1]).toMatch(/,0,1,0,1$/);
  });

  it('unsubscribes once: a GET changes nothing, the POST takes the address off the list, a second use is invalid', async () => {
    const db = await getDb();
    const first = await signUp('en', 'once@example.com', 'Once', ['REP']);
    const second = await signUp('en', 'ONCE@example.com', 'Again', ['AN']);
    const token = (await mailedLink(second)).link.searchParams.get('token') ?? '';
    const earlierToken = (await mailedLink(first)).link.searchParams.get('token') ?? '';
    // Reading the link (what the page and a mail scanner do) changes nothing.
    expect(await unsubscribeTokenIsValid(db, token)).toBe(true);
    expect(await unsubscribeTokenIsValid(db, token)).toBe(true);
    expect((await exportSubscribers(db, undefined, 1000)).map((s) => s.email)).toContain('once@example.com');

    const done = await postUnsubscribe(token);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/en/unsubscribe?result=done');
    expect((await exportSubscribers(db, undefined, 1000)).map((s) => s.email)).not.toContain('once@example.com');
    const mine = await db.select().from(t.formSubmissions).where(and(eq(t.formSubmissions.kind, 'newsletter'), inArray(t.formSubmissions.id, [first, second])));
    expect(mine).toHaveLength(2);
    expect(mine.every((r) => r.unsubscribedAt !== null && r.unsubscribeTokenHash === null)).toBe(true);

    // The same link again, and the earlier sign-up's link: invalid, nothing changes, nothing says who it was.
    const again = await postUnsubscribe(token);
    expect(again.headers.get('location')).toBe('/en/unsubscribe?result=invalid');
    expect((await postUnsubscribe(earlierToken)).headers.get('location')).toBe('/en/unsubscribe?result=invalid');
    expect(await unsubscribeTokenIsValid(db, token)).toBe(false);

    const entries = await db.select().from(t.auditLog).where(unsubscribesOfThisFile());
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'newsletter', entityId: second, actorType: 'system', actorLabel: 'visitor (unsubscribe link)', after: { signUps: 2 } });
    expect(JSON.stringify(entries[0])).not.toContain('once@');

    // Signing up again lists the address again.
    await signUp('en', 'once@example.com', 'Back', ['EVE']);
    expect((await exportSubscribers(db, 'EVE', 1000)).map((s) => s.email)).toContain('once@example.com');
  });

  it('a wrong or guessed token does nothing; another site cannot post; the endpoint is rate-bound', async () => {
    const db = await getDb();
    const id = await signUp('en', 'guess@example.com', 'Guess', ['NEWS']);
    const token = (await mailedLink(id)).link.searchParams.get('token') ?? '';
    const ours = and(eq(t.formSubmissions.kind, 'newsletter'), inArray(t.formSubmissions.id, signUps));
    const before = await db.select().from(t.formSubmissions).where(ours);
    const guesses = [
      '',
      'x',
      token.slice(0, -1),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      createHash('sha256').update(token).digest('hex'),
      `${token}' or '1'='1`,
    ];
    for (const [i, guess] of guesses.entries()) expect((await postUnsubscribe(guess, 'en', `192.0.2.${100 + i}`)).headers.get('location')).toBe('/en/unsubscribe?result=invalid');
    expect(await db.select().from(t.formSubmissions).where(ours)).toEqual(before);
    expect(await db.select().from(t.auditLog).where(unsubscribesOfThisFile())).toHaveLength(1); // the previous test's only

    const crossSite = new Request(`${SITE}/api/newsletter/unsubscribe`, {
      method: 'POST',
      body: new URLSearchParams({ token, locale: 'en' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'x-fundhouse-client': '192.0.2.200' },
    });
    expect((await handleUnsubscribePost(crossSite)).status).toBe(403);
    expect(await unsubscribeTokenIsValid(db, token)).toBe(true);

    for (let i = 0; i < 10; i += 1) await postUnsubscribe('wrong', 'en', '192.0.2.250');
    expect((await postUnsubscribe(token, 'en', '192.0.2.250')).headers.get('location')).toBe('/en/unsubscribe?result=limited');
    expect(await unsubscribeTokenIsValid(db, token)).toBe(true);
    expect((await postUnsubscribe(token, 'en', '192.0.2.251')).headers.get('location')).toBe('/en/unsubscribe?result=done');
    expect(en.Unsubscribe.invalid).not.toContain('{');
  });
});
