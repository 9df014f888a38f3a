/**
 * The fund alerts (issue 34, docs/operations.md "Fund alerts") on a real database and a real SMTP
 * server: the form's post, the confirmation mail and its link, the digest (its content, the
 * registration matrix read when it is built, one a day), the RFC 8058 one-click post without any
 * cookie, the List-Unsubscribe headers as the drain sends them, the GDPR export and erasure, the
 * retention purge. Requests are sent straight to the handlers, as a browser or a mail client would.
 */
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LINK_MARKER } from '../../src/domain/forms/outbox-mail';
import { insertDividend, insertDocument, insertEvent, fundOf } from '../support/fund-alerts-data';
import { decodeMail, startSmtpSink } from '../support/smtp-sink';

const SITE = 'https://www.fundhouse.test';
const smtp = await startSmtpSink();
// env() is read once, on first use: configure before the modules under test run.
process.env.PUBLIC_BASE_URL = SITE;
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
process.env.SMTP_REQUIRE_TLS = 'false';

const { handleSubscribePost, handleLinkGet, handleOneClickPost, handleManagePost } = await import('../../src/server/alerts/posts');
const { buildDigests } = await import('../../src/server/alerts/digest');
const { runDueDigests } = await import('../../src/server/alerts/digest-runner');
const { manageView, confirmedSubscriberCounts } = await import('../../src/server/alerts/subscriptions');
const { drainOutbox } = await import('../../src/server/outbox/drain');
const { exportAddress, eraseAddress, summarizeAddress } = await import('../../src/server/privacy/requests');
const { purgeExpiredSubmissions } = await import('../../src/server/privacy/retention');
const { getDb } = await import('../../src/server/db');
const t = await import('../../src/server/db/schema');

afterAll(async () => {
  await smtp.stop();
});

const DAY = 86_400_000;
const actor = { type: 'system', label: 'fund alerts test' } as const;
let client = 0;

type Audience = { country: string; profile: string };
const FR_RETAIL: Audience = { country: 'FR', profile: 'RETAIL' };

async function subscribeRequest(fields: Record<string, string>, audience: Audience = FR_RETAIL, headers: Record<string, string> = {}) {
  const response = await handleSubscribePost(
    new Request(`${SITE}/api/alerts/subscribe`, {
      method: 'POST',
      body: new URLSearchParams({ locale: 'en', ...fields }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `investor_country=${audience.country}; investor_profile=${audience.profile}`,
        'x-fundhouse-client': `198.51.100.${(client += 1)}`,
        ...headers,
      },
    }),
  );
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

async function outboxOf(email: string) {
  const db = await getDb();
  return db.select().from(t.mailOutbox).where(and(eq(t.mailOutbox.kind, 'fund-alerts'), eq(t.mailOutbox.to, email))).orderBy(t.mailOutbox.id);
}

/** Sends the outbox to the SMTP sink and returns the link of the last mail received for `email` (decoded). */
async function deliveredLink(email: string): Promise<{ link: string; raw: string }> {
  const before = smtp.mails.filter((m) => m.to.includes(email)).length;
  // The post asked for a drain in the background too: whichever takes the mail, wait for it to arrive.
  const deadline = Date.now() + 15_000;
  let mine = smtp.mails.filter((m) => m.to.includes(email));
  while (mine.length === before && Date.now() < deadline) {
    await drainOutbox();
    await new Promise((r) => setTimeout(r, 100));
    mine = smtp.mails.filter((m) => m.to.includes(email));
  }
  const mail = mine.length > before ? mine.at(-1) : undefined;
  if (!mail) throw new Error(`no mail delivered to ${email}`);
  // Headers as sent, unfolded (a long List-Unsubscribe is folded onto the next line); the body decoded
  // from quoted-printable (headers are not: an `=C9` in a header's link is text).
  const split = mail.raw.search(/\r?\n\r?\n/);
  const raw = `${mail.raw.slice(0, split).replace(/\r?\n(?=[ \t])/g, '')}\n\n${decodeMail(mail.raw.slice(split))}`;
  const link = /https:\/\/www\.fundhouse\.test\/api\/alerts\?token=[A-Za-z0-9_-]{43}(?:&confirm=[A-Za-z0-9_-]{43})?(?:&lang=[a-z]{2})?/.exec(raw.replace(/\r?\n\s+/g, ''))?.[0];
  if (!link) throw new Error('no alert link in the mail');
  return { link, raw };
}

/** The manage page's confirm button, clicked in a browser with this audience's cookies and page language. */
async function confirmVia(link: string, audience: Audience = FR_RETAIL, locale = 'en'): Promise<string> {
  const url = new URL(link);
  const response = await handleManagePost(
    new Request(`${SITE}/api/alerts/manage`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm', token: url.searchParams.get('token') ?? '', confirm: url.searchParams.get('confirm') ?? '', locale }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: SITE,
        cookie: `investor_country=${audience.country}; investor_profile=${audience.profile}`,
        'x-fundhouse-client': `203.0.113.${(client += 1)}`,
      },
    }),
  );
  return response.headers.get('location') ?? '';
}

async function subscribed(email: string, fund: string, audience: Audience = FR_RETAIL, navSummary = false): Promise<string> {
  expect((await subscribeRequest({ email, fund, ...(navSummary ? { navSummary: 'on' } : {}) }, audience)).location).toBe('/en/alerts?result=sent');
  const { link } = await deliveredLink(email);
  expect(await confirmVia(link, audience)).toMatch(/^\/en\/alerts\?result=confirmed&token=/);
  return new URL(link).searchParams.get('token') ?? '';
}

const today = () => new Date().toISOString().slice(0, 10);
const soon = (ms: number) => new Date(Date.now() + ms);

describe('subscribing and confirming', () => {
  it('queues a sealed confirmation mail, sends nothing else until confirmed, and never tells whether the address was known', async () => {
    const db = await getDb();
    const email = 'ada@example.com';
    const first = await subscribeRequest({ email, fund: 'aurore-actions-europe', navSummary: 'on' });
    expect(first).toEqual({ status: 303, location: '/en/alerts?result=sent' });
    const [mail] = await outboxOf(email);
    expect(mail?.text).toContain(LINK_MARKER);
    expect(mail?.text).not.toMatch(/token=/);
    expect(mail?.linkSealed).toMatch(/^v1\./);
    expect(mail?.headers).toEqual({ 'List-Unsubscribe': `<${LINK_MARKER}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // Unconfirmed, the address has no audience yet: the confirmation click gives it one.
    const [subscriber] = await db.select().from(t.alertSubscribers).where(eq(t.alertSubscribers.email, email));
    expect(subscriber).toMatchObject({ locale: null, countryCode: null, investorProfile: null, lastDigestAt: null });

    // Unconfirmed: no digest is built, whatever was published.
    const { id: fundId, shares } = await fundOf(db, 'aurore-actions-europe');
    await insertDocument(db, { shareId: shares[0]?.id, type: 'KIID', locale: 'en', title: 'Unconfirmed KID', createdAt: soon(1000) });
    expect((await buildDigests(db, { now: soon(2000) })).mails).toBe(0);

    // Asked again (known, unconfirmed address): the same answer, a new link.
    expect(await subscribeRequest({ email, fund: 'aurore-actions-europe' })).toEqual(first);
    expect(await outboxOf(email)).toHaveLength(2);

    // The drain sends the mails with the link in the text and in List-Unsubscribe.
    const { link, raw } = await deliveredLink(email);
    expect(raw).toContain(`List-Unsubscribe: <${link}>`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect((await outboxOf(email)).every((m) => m.sentAt && m.linkSealed === null && !m.text.includes('token='))).toBe(true);

    // The link opens the manage page (reading only). Unconfirmed, the subscriber has no language yet:
    // the page is in the language of the mail, which its link names (then the subscriber's, once
    // confirmed), whatever the browser asks; a link that names none follows the browser.
    expect(new URL(link).searchParams.get('lang')).toBe('en');
    const get = await handleLinkGet(new Request(link, { headers: { 'accept-language': 'es' } }));
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toMatch(/^\/en\/alerts\?token=[\w-]{43}&confirm=[\w-]{43}$/);
    const bare = new URL(link);
    bare.searchParams.delete('lang');
    expect((await handleLinkGet(new Request(bare, { headers: { 'accept-language': 'es' } }))).headers.get('location')).toMatch(/^\/es\/alertas\?token=/);
    const url = new URL(link);
    const view = await manageView(db, url.searchParams.get('token'), url.searchParams.get('confirm'), 'en');
    // The fund the link confirms, named in the subscriber's language.
    expect(view?.pending).toEqual({ fundId, fundTitle: 'Aurore Actions Europe' });
    expect(view?.subscriptions).toMatchObject([{ fundId, confirmed: false }]);

    expect(await confirmVia(link)).toMatch(/^\/en\/alerts\?result=confirmed&token=/);
    // A link used once is spent.
    expect(await confirmVia(link)).toBe('/en/alerts?result=invalid');
    expect((await confirmedSubscriberCounts(db)).get(fundId)).toBe(1);

    // Confirmed, then asked again: the same answer, and nothing changes but a mail with the manage link.
    expect(await subscribeRequest({ email, fund: 'aurore-actions-europe' })).toEqual(first);
    expect((await deliveredLink(email)).link).not.toContain('confirm=');
  });

  it('takes the audience from the confirming browser: a stranger’s unconfirmed requests never decide what the victim’s digests follow', async () => {
    const db = await getDb();
    const email = 'victim@example.com';
    const audienceOf = async () =>
      (await db.select({ locale: t.alertSubscribers.locale, country: t.alertSubscribers.countryCode, profile: t.alertSubscribers.investorProfile }).from(t.alertSubscribers).where(eq(t.alertSubscribers.email, email)))[0];
    // A stranger subscribes the victim's address from Spain, as an institutional investor, in Spanish.
    const INSTIT_ES: Audience = { country: 'ES', profile: 'INSTIT' };
    expect((await subscribeRequest({ email, fund: 'aurore-actions-europe', locale: 'es' }, INSTIT_ES)).location).toBe('/es/alertas?result=sent');
    expect(await audienceOf()).toEqual({ locale: null, country: null, profile: null });
    // The victim confirms from their own browser: a French retail investor reading in French.
    const { link } = await deliveredLink(email);
    expect(await confirmVia(link, FR_RETAIL, 'fr')).toMatch(/^\/fr\/alertes\?result=confirmed&token=/);
    expect(await audienceOf()).toEqual({ locale: 'fr', country: 'FR', profile: 'RETAIL' });
    // Once confirmed, another unconfirmed request from the stranger changes nothing, on this fund or another.
    await subscribeRequest({ email, fund: 'aurore-actions-europe', locale: 'es' }, INSTIT_ES);
    expect((await deliveredLink(email)).link).not.toContain('confirm=');
    await subscribeRequest({ email, fund: 'aurore-credit-euro', locale: 'es' }, INSTIT_ES);
    const second = await deliveredLink(email);
    expect(await audienceOf()).toEqual({ locale: 'fr', country: 'FR', profile: 'RETAIL' });
    // The victim confirms the second fund too, from a Belgian browser this time: the click updates the audience.
    expect(await confirmVia(second.link, { country: 'BE', profile: 'RETAIL' }, 'en')).toMatch(/^\/en\/alerts\?result=confirmed&token=/);
    expect(await audienceOf()).toEqual({ locale: 'en', country: 'BE', profile: 'RETAIL' });
  });

  it('refuses another site’s post, drops a honeypot, and offers no fund the audience may not see', async () => {
    expect((await subscribeRequest({ email: 'x@example.com', fund: 'aurore-actions-europe' }, FR_RETAIL, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await subscribeRequest({ email: 'bot@example.com', fund: 'aurore-actions-europe', website: 'spam' })).location).toBe('/en/alerts?result=sent');
    expect(await outboxOf('bot@example.com')).toHaveLength(0);
    expect((await subscribeRequest({ email: 'not-an-address', fund: 'aurore-actions-europe' })).location).toBe('/en/alerts?result=invalidEmail');
    // Aurore PME-ETI France is registered in France and Luxembourg only.
    expect((await subscribeRequest({ email: 'es@example.com', fund: 'aurore-pme-eti-france' }, { country: 'ES', profile: 'RETAIL' })).location).toBe('/en/alerts?result=unavailable');
    expect((await subscribeRequest({ email: 'es@example.com', fund: 'no-such-fund' })).location).toBe('/en/alerts?result=unavailable');
    expect(await outboxOf('es@example.com')).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('tells what was published since confirmation, with the notice of the subscriber’s language, once a day', async () => {
    const db = await getDb();
    const email = 'grace@example.com';
    const token = await subscribed(email, 'aurore-credit-euro');
    const { id: fundId, shares } = await fundOf(db, 'aurore-credit-euro');
    const other = await fundOf(db, 'aurore-patrimoine');
    const share = shares[0];
    if (!share) throw new Error('no share');
    const at = soon(1000);
    const event = await insertEvent(db, {
      fundId,
      shareIds: [share.id],
      title: 'Merger into Aurore Patrimoine',
      announcedOn: today(),
      effectiveOn: '2099-01-01',
      createdAt: at,
      notices: [
        { locale: 'en', title: 'Notice EN' },
        { locale: 'fr', title: 'Avis FR' },
        { locale: 'en', title: 'Notice for Belgium', countries: ['BE'] },
      ],
    });
    await insertDocument(db, { shareId: share.id, type: 'KIID', locale: 'en', title: 'New KID EN', createdAt: at });
    await insertDocument(db, { shareId: share.id, type: 'KIID', locale: 'fr', title: 'Nouveau DIC FR', createdAt: at });
    await insertDocument(db, { fundId: other.id, type: 'PROSPECTUS', locale: 'en', title: 'Prospectus of a fund not followed', createdAt: at });
    await insertDividend(db, { shareId: share.id, exDate: today(), amount: '1.25', createdAt: at });

    const now = soon(5000);
    const run = await buildDigests(db, { now });
    expect(run.mails).toBeGreaterThanOrEqual(1);
    const [, digest] = await outboxOf(email).then((mails) => mails.filter((m) => m.subject === 'Your fund alerts').map((m) => m.text)).then((texts) => [null, texts.at(-1) ?? '']);
    expect(digest).toContain('Merger into Aurore Patrimoine');
    // The notice the pages offer a French resident reading English: the English one, at the notices' own address.
    expect(digest).toContain(`${SITE}/e/en/docs/funds/aurore-credit-euro/notices/${event.noticeIds[0]}`);
    expect(digest).not.toContain(`/notices/${event.noticeIds[1]}`);
    expect(digest).not.toContain(`/notices/${event.noticeIds[2]}`);
    expect(digest).toContain('New KID EN');
    expect(digest).toContain(`${SITE}/e/en/docs/funds/aurore-credit-euro/${share.isin}/KIID`);
    expect(digest).not.toContain('Nouveau DIC FR');
    expect(digest).not.toContain('Prospectus of a fund not followed');
    expect(digest).toContain('€1.25');
    expect(digest?.split(LINK_MARKER)).toHaveLength(2);

    // One a day: a second run the same day builds nothing for anyone.
    expect(await buildDigests(db, { now: new Date(now.getTime() + 1000) })).toMatchObject({ subscribers: 0, mails: 0 });
    // The next day, nothing new: no mail, but the cursor moves.
    const tomorrow = new Date(now.getTime() + DAY);
    const before = (await outboxOf(email)).length;
    await buildDigests(db, { now: tomorrow });
    expect(await outboxOf(email)).toHaveLength(before);
    const [row] = await db.select({ last: t.alertSubscribers.lastDigestAt }).from(t.alertSubscribers).where(eq(t.alertSubscribers.email, email));
    expect(row?.last?.getTime()).toBe(tomorrow.getTime());
    expect(token).toHaveLength(43);
  });

  it('reads the registration matrix when the digest is built: a share withdrawn from the country since is left out', async () => {
    const db = await getDb();
    const email = 'withdrawn@example.com';
    await subscribed(email, 'aurore-pme-eti-france');
    const { id: fundId, shares } = await fundOf(db, 'aurore-pme-eti-france');
    const ids = shares.map((s) => s.id);
    const cells = and(inArray(t.shareRegistrations.shareId, ids), eq(t.shareRegistrations.countryCode, 'FR'), eq(t.shareRegistrations.investorProfile, 'RETAIL'));
    await db.update(t.shareRegistrations).set({ withdrawnOn: sql`current_date` }).where(cells);
    try {
      await insertDocument(db, { fundId, type: 'PROSPECTUS', locale: 'en', title: 'Prospectus after withdrawal', createdAt: soon(1000) });
      await insertDocument(db, { shareId: ids[0], type: 'KIID', locale: 'en', title: 'KID after withdrawal', createdAt: soon(1000) });
      const before = (await outboxOf(email)).length;
      const run = await buildDigests(db, { now: soon(5000) });
      expect(run.subscribers).toBeGreaterThanOrEqual(1);
      expect(await outboxOf(email)).toHaveLength(before);
    } finally {
      await db.update(t.shareRegistrations).set({ withdrawnOn: null }).where(cells);
    }
  });

  it('adds the previous month’s NAV summary to the first digest of a month when asked', async () => {
    const db = await getDb();
    const email = 'nav@example.com';
    await subscribed(email, 'aurore-tresorerie', FR_RETAIL, true);
    const { shares } = await fundOf(db, 'aurore-tresorerie');
    // A share class the subscriber's audience may see today: the summary lists only those.
    const registered = await db
      .select({ shareId: t.shareRegistrations.shareId })
      .from(t.shareRegistrations)
      .where(and(inArray(t.shareRegistrations.shareId, shares.map((s) => s.id)), eq(t.shareRegistrations.countryCode, 'FR'), eq(t.shareRegistrations.investorProfile, 'RETAIL'), lte(t.shareRegistrations.registeredOn, sql`current_date`), or(isNull(t.shareRegistrations.withdrawnOn), gt(t.shareRegistrations.withdrawnOn, sql`current_date`))));
    const share = shares.find((s) => registered.some((r) => r.shareId === s.id));
    if (!share) throw new Error('no share of the fund registered for French retail investors');
    const now = soon(5000);
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    const previousEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 0));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    await db.insert(t.navs).values([
      { shareId: share.id, date: iso(end), nav: 110 },
      { shareId: share.id, date: iso(previousEnd), nav: 100 },
    ]).onConflictDoUpdate({ target: [t.navs.shareId, t.navs.date], set: { nav: sql`excluded.nav` } });
    await buildDigests(db, { now });
    const digest = (await outboxOf(email)).filter((m) => m.subject === 'Your fund alerts').at(-1)?.text ?? '';
    expect(digest).toContain(share.isin);
    expect(digest).toContain('+10.00%');
  });
});

describe('unsubscribing', () => {
  it('takes the RFC 8058 one-click post without cookie, session nor same-site origin, answers 200 and stops the next digest', async () => {
    const db = await getDb();
    const email = 'oneclick@example.com';
    await subscribed(email, 'aurore-obligations-vertes');
    const { shares } = await fundOf(db, 'aurore-obligations-vertes');
    await insertDocument(db, { shareId: shares[0]?.id, type: 'KIID', locale: 'en', title: 'KID before leaving', createdAt: soon(1000) });
    await buildDigests(db, { now: soon(5000) });
    const { link, raw } = await deliveredLink(email);
    expect(raw).toContain('KID before leaving');
    expect(raw).toContain(`List-Unsubscribe: <${link}>`);

    const post = (body: string) =>
      handleOneClickPost(new Request(link, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' } }));
    expect((await post('something=else')).status).toBe(400);
    expect((await post('List-Unsubscribe=One-Click')).status).toBe(200);
    // A mail client that posts twice still sees a success.
    expect((await post('List-Unsubscribe=One-Click')).status).toBe(200);

    await insertDocument(db, { shareId: shares[0]?.id, type: 'KIID', locale: 'en', title: 'KID after leaving', createdAt: soon(DAY + 1000) });
    const before = (await outboxOf(email)).length;
    await buildDigests(db, { now: soon(DAY + 5000) });
    expect(await outboxOf(email)).toHaveLength(before);
    const [subscriber] = await db.select().from(t.alertSubscribers).where(eq(t.alertSubscribers.email, email));
    expect(subscriber?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await db.select().from(t.alertSubscriptions).where(eq(t.alertSubscriptions.subscriberId, subscriber?.id ?? ''))).toHaveLength(0);
  });

  it('lets the manage page remove a fund and toggle the NAV summary, refusing another site’s post', async () => {
    const db = await getDb();
    const email = 'manage@example.com';
    const token = await subscribed(email, 'aurore-patrimoine');
    const { id: fundId } = await fundOf(db, 'aurore-patrimoine');
    const post = (fields: Record<string, string>, origin = SITE) =>
      handleManagePost(new Request(`${SITE}/api/alerts/manage`, { method: 'POST', body: new URLSearchParams({ token, locale: 'en', ...fields }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin } }));
    expect((await post({ action: 'nav-on', fund: String(fundId) }, 'https://evil.example')).status).toBe(403);
    expect((await post({ action: 'nav-on', fund: String(fundId) })).headers.get('location')).toBe(`/en/alerts?result=updated&token=${token}`);
    expect((await manageView(db, token, null, 'en'))?.subscriptions[0]?.navSummary).toBe(true);
    expect((await post({ action: 'remove', fund: String(fundId) })).headers.get('location')).toBe(`/en/alerts?result=removed&token=${token}`);
    expect((await manageView(db, token, null, 'en'))?.subscriptions).toEqual([]);
    expect((await post({ action: 'unsubscribe' })).headers.get('location')).toBe('/en/alerts?result=unsubscribed');
  });
});

describe('privacy', () => {
  it('looks up, exports and erases an address’s alert subscriptions and mails', async () => {
    const db = await getDb();
    const email = 'gdpr-alerts@example.com';
    await subscribed(email, 'aurore-actions-europe');
    const summary = await summarizeAddress(db, email);
    expect(summary).toMatchObject({ alertSubscriber: 1, alertFunds: 1 });
    expect(summary.mails).toBeGreaterThanOrEqual(1);
    const exported = await exportAddress(db, email, actor);
    expect(exported.fundAlerts).toMatchObject({ country: 'FR', investorProfile: 'RETAIL', funds: [{ fund: 'aurore-actions-europe' }] });
    expect(exported.mails.length).toBe(summary.mails);
    expect(exported.mails.every((m) => !m.text.includes('token='))).toBe(true);
    await eraseAddress(db, email, actor);
    expect(await summarizeAddress(db, email)).toMatchObject({ alertSubscriber: 0, alertFunds: 0, mails: 0 });
    expect(await outboxOf(email)).toHaveLength(0);
  });

  it('purges unconfirmed subscriptions after a week and unsubscribed subscribers after the newsletter’s period, with their mails', async () => {
    const db = await getDb();
    await subscribeRequest({ email: 'never-confirmed@example.com', fund: 'aurore-actions-europe' });
    const left = 'left-long-ago@example.com';
    await subscribed(left, 'aurore-actions-europe');
    const [leaving] = await db.select().from(t.alertSubscribers).where(eq(t.alertSubscribers.email, left));
    await db.update(t.alertSubscribers).set({ unsubscribedAt: new Date(Date.now() - 4000 * DAY) }).where(eq(t.alertSubscribers.id, leaving?.id ?? ''));
    await db.delete(t.alertSubscriptions).where(eq(t.alertSubscriptions.subscriberId, leaving?.id ?? ''));

    const result = await purgeExpiredSubmissions(db, actor, { now: new Date(Date.now() + 8 * DAY) });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(result.alerts.unconfirmed).toBeGreaterThanOrEqual(1);
    const remaining = await db.select({ email: t.alertSubscribers.email }).from(t.alertSubscribers).where(inArray(t.alertSubscribers.email, ['never-confirmed@example.com', left]));
    expect(remaining).toEqual([]);
    expect(await outboxOf(left)).toHaveLength(0);
    expect(await outboxOf('never-confirmed@example.com')).toHaveLength(0);
    // A confirmed subscriber stays.
    expect((await db.select().from(t.alertSubscribers).where(eq(t.alertSubscribers.email, 'grace@example.com'))).length).toBe(1);
  });

  it('walks every subscriber once on the primary key, in batches, whatever runs of subscribers not due lie between', async () => {
    const db = await getDb();
    const { id: fundId } = await fundOf(db, 'aurore-credit-euro');
    const now = soon(3 * DAY);
    const confirmed = new Date(now.getTime() - 2 * DAY);
    // 1,300 subscribers in id order (i padded into the uuid): every third digested already that day, every
    // fifth never confirmed, the rest due. Windows of ids (500) hold full batches, part ones and none due.
    await db.execute(sql`
      insert into alert_subscriber (id, email, locale, country_code, investor_profile, manage_token_hash, created_at, last_digest_at)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'walk-' || i || '@walk.example', 'en', 'FR', 'RETAIL',
             md5('walk-' || i) || md5('walk-2-' || i), ${confirmed.toISOString()}::timestamptz,
             case when i % 3 = 0 then ${now.toISOString()}::timestamptz else null end
      from generate_series(1, 1300) i`);
    await db.execute(sql`
      insert into alert_subscription (subscriber_id, fund_id, nav_summary, confirmed_at, created_at)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, ${fundId}::int, false,
             case when i % 5 = 0 then null else ${confirmed.toISOString()}::timestamptz end, ${confirmed.toISOString()}::timestamptz
      from generate_series(1, 1300) i`);
    const mine = sql`${t.alertSubscribers.email} like '%@walk.example'`;
    const due = Array.from({ length: 1300 }, (_, k) => k + 1).filter((i) => i % 3 !== 0 && i % 5 !== 0).length;
    try {
      await insertDocument(db, { fundId, type: 'PROSPECTUS', locale: 'en', title: 'Prospectus for the walk', createdAt: new Date(now.getTime() - DAY) });
      const run = await buildDigests(db, { now, batch: 100 });
      expect(run.subscribers).toBeGreaterThanOrEqual(due);
      const digested = await db.select({ n: sql<number>`count(*)::int` }).from(t.alertSubscribers).where(and(mine, eq(t.alertSubscribers.lastDigestAt, now)));
      // The due ones and those already digested that day (their cursor was already `now`).
      expect(Number(digested[0]?.n)).toBe(due + Math.floor(1300 / 3));
      const mails = await db.select({ to: t.mailOutbox.to }).from(t.mailOutbox).where(and(eq(t.mailOutbox.kind, 'fund-alerts'), sql`${t.mailOutbox.to} like '%@walk.example'`));
      expect(mails).toHaveLength(due);
      expect(new Set(mails.map((m) => m.to)).size).toBe(due);
      expect(mails.some((m) => /^walk-(\d+)@/.exec(m.to)?.[1] === '15')).toBe(false);
      // Nothing is due any more that day: the whole table is walked again and nothing is built.
      expect(await buildDigests(db, { now: new Date(now.getTime() + 1000), batch: 100 })).toMatchObject({ subscribers: 0, mails: 0 });
    } finally {
      await db.delete(t.mailOutbox).where(sql`${t.mailOutbox.to} like '%@walk.example'`);
      await db.delete(t.alertSubscribers).where(mine);
    }
  });

  it('runs where the deployment runs it: a process of its own on PostgreSQL, the serving process on the embedded database', async () => {
    const db = await getDb();
    const email = 'runner@example.com';
    await subscribed(email, 'aurore-credit-euro');
    const { id: fundId } = await fundOf(db, 'aurore-credit-euro');
    await insertDocument(db, { fundId, type: 'PROSPECTUS', locale: 'en', title: 'Prospectus for the runner', createdAt: soon(1000) });
    const now = soon(5000);
    const run = await runDueDigests(now);
    expect(run.inProcess).toBe(!process.env.DATABASE_URL);
    expect(run.mails).toBeGreaterThanOrEqual(1);
    const texts = (await outboxOf(email)).filter((m) => m.subject === 'Your fund alerts').map((m) => m.text);
    expect(texts.at(-1)).toContain('Prospectus for the runner');
    const [row] = await db.select({ last: t.alertSubscribers.lastDigestAt }).from(t.alertSubscribers).where(eq(t.alertSubscribers.email, email));
    expect(row?.last?.getTime()).toBe(now.getTime());
  }, 60_000);
});
