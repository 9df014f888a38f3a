import 'server-only';
import { env, type Locale } from '@/env';
import { isOneClickBody } from '@/domain/alerts/rules';
import { HONEYPOT_FIELD } from '@/domain/forms/definitions';
import { normalizeEmail } from '@/domain/privacy/gdpr';
import { localizedPath } from '@/domain/routing/paths';
import { getDb } from '@/server/db';
import { clientAddress, clientHash, isCrossSitePost, requestLocale } from '@/server/forms/request-info';
import { clientWithinRate, withinRate, type RateRule } from '@/server/http/rate-limit';
import { readBody } from '@/server/http/read-body';
import { audienceFromRequest } from '@/server/http/request-context';
import { areaLogger } from '@/server/log/logger';
import { requestDrain } from '@/server/outbox/drain';
import { confirmSubscription, localeOfToken, removeSubscription, setNavSummary, subscribe, unsubscribeAll, type ManageResult } from './subscriptions';
import { offeredLocales } from '@/server/site/languages-queries';

/**
 * The fund alerts' HTTP side (docs/operations.md "Fund alerts"), plain forms that work without
 * JavaScript, each answered by a redirect (303) to the manage page saying what happened:
 *
 * - POST /api/alerts/subscribe (the fund and share pages' form): refused when another site posts
 *   it, bounded in size, time and rate (per client network, and per address so an address cannot be
 *   flooded with confirmation mails: counted in the database for every process, rate-limit.ts), a
 *   honeypot; the answer never says whether the address was known. It sets no audience: the subscriber's
 *   language, country and profile come from the browser that confirms (issue 44);
 * - GET /api/alerts?token=…[&confirm=…] (the link of every alert mail): leads to the manage page,
 *   reading only (mail scanners open links);
 * - POST /api/alerts?token=… with `List-Unsubscribe=One-Click` (RFC 8058): the mail client's
 *   one-click unsubscription. It comes from the mail provider, not from our pages: no cookie, no
 *   session and no cross-site check, only the token; bounded in size, time and rate. Answers 200;
 * - POST /api/alerts/manage (the manage page's buttons): confirm (the page's language and the
 *   browser's country and profile become the subscriber's), remove a fund, toggle the NAV summary,
 *   unsubscribe from everything; refused when another site posts it.
 */

const MAX_BODY_BYTES = 4 * 1024;
const BODY_TIMEOUT_MS = 10_000;
/** Per client network: 5 subscription requests in 10 minutes; per address: 3 mails an hour. Counted in the database, for every process together. */
export const SUBSCRIBE_RATE = { perClient: 5, perAddress: 3 };
/** Per client network: 20 link posts in 10 minutes (a token has 256 bits: against flooding, not guessing). */
export const LINK_RATE = 20;
const RULES = {
  client: { bucket: 'alerts-subscribe-client', max: SUBSCRIBE_RATE.perClient, windowSeconds: 10 * 60 },
  address: { bucket: 'alerts-subscribe-address', max: SUBSCRIBE_RATE.perAddress, windowSeconds: 60 * 60 },
  link: { bucket: 'alerts-link-client', max: LINK_RATE, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;
const log = areaLogger('fund-alerts');

const noStore = { 'cache-control': 'no-store' };

function toPage(locale: Locale, query: Record<string, string>): Response {
  const search = new URLSearchParams(query).toString();
  return new Response(null, { status: 303, headers: { location: `${localizedPath('/alerts', locale)}${search ? `?${search}` : ''}`, ...noStore } });
}

async function formOf(request: Request): Promise<URLSearchParams | null> {
  const body = await readBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: BODY_TIMEOUT_MS });
  if (!body.ok) return null;
  const type = request.headers.get('content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    try {
      const data = await new Response(body.bytes, { headers: { 'content-type': type } }).formData();
      return new URLSearchParams([...data.entries()].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])));
    } catch {
      return null;
    }
  }
  return new URLSearchParams(Buffer.from(body.bytes).toString('utf8'));
}

export async function handleSubscribePost(request: Request): Promise<Response> {
  let locale = requestLocale(null, request.headers);
  if (isCrossSitePost(request.headers, request.url, env().PUBLIC_BASE_URL)) return new Response('Forbidden', { status: 403, headers: noStore });
  const form = await formOf(request);
  if (!form) return toPage(locale, { result: 'error' });
  locale = requestLocale(form.get('locale'), request.headers);
  const fund = form.get('fund') ?? '';
  // A bot filled the field no human sees: told all went well, nothing kept nor sent.
  if ((form.get(HONEYPOT_FIELD) ?? '').trim() !== '') return toPage(locale, { result: 'sent' });
  const email = normalizeEmail(form.get('email'));
  if (!email || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(fund)) return toPage(locale, { result: 'invalidEmail' });
  const address = clientAddress(request.headers);
  try {
    const db = await getDb();
    if (!(await clientWithinRate(db, RULES.client, address))) return toPage(locale, { result: 'limited' });
    // Over the bound for an address, the answer is the usual one: it must not tell that the address is in use.
    if (!(await withinRate(db, RULES.address, email))) return toPage(locale, { result: 'sent' });
    const result = await subscribe(db, {
      email,
      fundSlug: fund,
      navSummary: form.get('navSummary') === 'on',
      locale,
      audience: audienceFromRequest(request),
      clientHash: await clientHash(address, db),
    });
    if (result === 'unavailable') return toPage(locale, { result: 'unavailable' });
    void requestDrain();
    return toPage(locale, { result: 'sent' });
  } catch (error) {
    log.error({ err: error }, 'fund alert subscription not stored');
    return toPage(locale, { result: 'error' });
  }
}

/** GET of a mail's link: to the manage page in the subscriber's language, the token passed on. Reads only. */
export async function handleLinkGet(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const token = query.get('token') ?? '';
  const confirm = query.get('confirm');
  const known = await localeOfToken(await getDb(), token);
  const offered = await offeredLocales();
  // The subscriber's language once they confirmed something; before that, the language of the mail whose link this is.
  const asked = query.get('lang');
  const locale = known && offered.includes(known as Locale) ? (known as Locale) : asked && offered.includes(asked as Locale) ? (asked as Locale) : requestLocale(null, request.headers);
  return toPage(locale, { token, ...(confirm ? { confirm } : {}) });
}

/** RFC 8058 one-click: no cookie, no session, no cross-site check; only the token of the URL and the body's `List-Unsubscribe=One-Click`. */
export async function handleOneClickPost(request: Request): Promise<Response> {
  try {
    const db = await getDb();
    if (!(await clientWithinRate(db, RULES.link, clientAddress(request.headers)))) return new Response('Too many requests', { status: 429, headers: { ...noStore, 'retry-after': '600' } });
    const form = await formOf(request);
    if (!form || !isOneClickBody(form.toString())) return new Response('Bad request', { status: 400, headers: noStore });
    const result = await unsubscribeAll(db, new URL(request.url).searchParams.get('token'));
    log.info({ result }, 'one-click unsubscription');
    return result === 'unsubscribed' ? new Response('Unsubscribed', { status: 200, headers: { ...noStore, 'content-type': 'text/plain; charset=utf-8' } }) : new Response('Not found', { status: 404, headers: noStore });
  } catch (error) {
    log.error({ err: error }, 'one-click unsubscription failed');
    return new Response('Error', { status: 500, headers: noStore });
  }
}

const ACTIONS = ['confirm', 'remove', 'nav-on', 'nav-off', 'unsubscribe'] as const;

/** The manage page's buttons. After an action the page shows the subscriber's list again (the token), except after leaving everything. */
export async function handleManagePost(request: Request): Promise<Response> {
  let locale = requestLocale(null, request.headers);
  if (isCrossSitePost(request.headers, request.url, env().PUBLIC_BASE_URL)) return new Response('Forbidden', { status: 403, headers: noStore });
  const form = await formOf(request);
  if (!form) return toPage(locale, { result: 'invalid' });
  locale = requestLocale(form.get('locale'), request.headers);
  const action = ACTIONS.find((a) => a === form.get('action'));
  const token = form.get('token');
  const fundId = Number(form.get('fund'));
  try {
    const db = await getDb();
    if (!(await clientWithinRate(db, RULES.link, clientAddress(request.headers)))) return toPage(locale, { result: 'limited' });
    let result: ManageResult = 'invalid';
    // The confirming browser sets the subscriber's audience and language: never the request that asked (issue 44).
    if (action === 'confirm') result = await confirmSubscription(db, token, form.get('confirm'), { locale, audience: audienceFromRequest(request) });
    else if (action === 'remove') result = await removeSubscription(db, token, fundId);
    else if (action === 'nav-on' || action === 'nav-off') result = await setNavSummary(db, token, fundId, action === 'nav-on');
    else if (action === 'unsubscribe') result = await unsubscribeAll(db, token);
    return toPage(locale, result === 'invalid' || result === 'unsubscribed' || !token ? { result } : { result, token });
  } catch (error) {
    log.error({ err: error }, 'fund alerts manage action failed');
    return toPage(locale, { result: 'error' });
  }
}
