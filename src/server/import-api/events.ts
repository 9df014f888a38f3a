import 'server-only';
import { eq } from 'drizzle-orm';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { noticeCountries } from '@/domain/events/input';
import { getDb } from '@/server/db';
import { funds } from '@/server/db/schema';
import { attachNotice, deleteEvent, saveEvent, shareIdsByIsin } from '@/server/events/commands';
import { eventForStaff } from '@/server/events/staff-queries';
import { answering, apiJson, authenticate, log, mediaType, readLimitedBody, refuse, type Caller } from './respond';

/**
 * The import API's scope `events` (docs/api.md "Fund events"): a feed records a fund's events and
 * their notice PDFs, published at once (a token's changes do not wait for approval), audited with
 * the token as actor, through the same services as the back-office (src/server/events/commands.ts).
 *
 * - POST /api/admin/v1/events (JSON): a new event; 201 with its id.
 * - PUT /api/admin/v1/events/{id} (JSON): the event's new values (all of them).
 * - DELETE /api/admin/v1/events/{id}: the event and its notices.
 * - POST /api/admin/v1/events/{id}/notices?locale=fr&countries=BE,LU (application/pdf): a notice.
 *
 * The JSON names the fund by its slug and the share classes by ISIN; an unknown id is a 404.
 */

/** An event's JSON: six texts of at most 20,000 characters and a few fields fit well below this. */
export const MAX_EVENT_JSON_BYTES = 256 * 1024;
/** A notice is one PDF of at most 20 MB. */
export const MAX_NOTICE_BODY_BYTES = MAX_DOCUMENT_BYTES;

type EventApiErrorCode =
  | 'not-found'
  | 'unsupported-media-type'
  | 'bad-json'
  | 'missing-field'
  | 'unknown-fund'
  | 'fund-mismatch'
  | 'unknown-isin'
  | 'invalid-event'
  | 'bad-language'
  | 'unknown-country'
  | 'empty-file'
  | 'too-large'
  | 'not-pdf';

function fail(status: number, code: EventApiErrorCode, message: string, extra: Record<string, unknown> = {}): Response {
  return apiJson(status, { error: { code, message }, ...extra });
}

const notFound = () => fail(404, 'not-found', 'No event has this id.');

/** An id in the path: digits only, else no such event. */
export function eventIdOf(text: string): number | null {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

type EventJson = { fund?: unknown; type?: unknown; tool?: unknown; shares?: unknown; announcedOn?: unknown; effectiveOn?: unknown; endsOn?: unknown; title?: unknown; body?: unknown };

async function readJson(request: Request): Promise<EventJson | Response> {
  if (mediaType(request).type !== 'application/json') return refuse(request, fail(415, 'unsupported-media-type', 'Send the event as application/json.'));
  const bytes = await readLimitedBody(request, MAX_EVENT_JSON_BYTES);
  if (bytes instanceof Response) return bytes;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as EventJson;
  } catch {
    return fail(400, 'bad-json', 'The body is not a JSON object in UTF-8.');
  }
}

/** The JSON's values for the service: its share classes' ISINs turned into the fund's ids. */
async function valuesOf(json: EventJson, fundId: number) {
  const isins = Array.isArray(json.shares) ? json.shares.slice(0, 201) : [];
  if (!isins.every((i): i is string => typeof i === 'string')) return fail(422, 'invalid-event', 'The event is not valid; nothing was written.', { fields: { shares: 'bad-share' } });
  const resolved = await shareIdsByIsin(await getDb(), fundId, isins);
  if (!resolved.ok) return fail(422, 'unknown-isin', `Not a share class of this fund: ${resolved.unknown.slice(0, 20).join(', ')}.`, { isins: resolved.unknown.slice(0, 200) });
  return { type: json.type, tool: json.tool ?? '', shareIds: resolved.ids, announcedOn: json.announcedOn, effectiveOn: json.effectiveOn, endsOn: json.endsOn ?? '', title: json.title, body: json.body };
}

/** The service's field names as the JSON names them. */
const jsonField = (name: string) => (name === 'shareIds' ? 'shares' : name);

async function save(request: Request, caller: Caller, eventId: number | null): Promise<Response> {
  const existing = eventId === null ? null : await eventForStaff(await getDb(), eventId);
  if (eventId !== null && !existing) return refuse(request, notFound());
  const json = await readJson(request);
  if (json instanceof Response) return json;
  const db = await getDb();
  let fundId: number;
  if (typeof json.fund === 'string' && json.fund.trim() !== '') {
    const [fund] = await db.select({ id: funds.id }).from(funds).where(eq(funds.slug, json.fund.trim().slice(0, 200)));
    if (!fund) return fail(422, 'unknown-fund', `No fund has the slug ${json.fund.trim().slice(0, 200)}.`);
    if (existing && existing.fundId !== fund.id) return fail(422, 'fund-mismatch', 'An event stays with its fund: record a new event for another fund.');
    fundId = fund.id;
  } else if (existing) {
    fundId = existing.fundId;
  } else {
    return fail(422, 'missing-field', 'Missing field: fund (the fund’s slug).', { fields: ['fund'] });
  }
  const raw = await valuesOf(json, fundId);
  if (raw instanceof Response) return raw;
  const result = await saveEvent(db, { fundId, id: eventId, raw }, caller.actor);
  if (!result.ok) {
    if (result.error === 'invalid') {
      const fields = Object.fromEntries(Object.entries(result.errors).map(([name, code]) => [jsonField(name), code]));
      log.info({ scope: 'events', tokenId: caller.tokenId, error: 'invalid-event' }, 'import API event refused');
      return fail(422, 'invalid-event', 'The event is not valid; nothing was written.', { fields });
    }
    return notFound();
  }
  const outcome = eventId === null ? 'created' : result.changed ? 'changed' : 'unchanged';
  log.info({ scope: 'events', tokenId: caller.tokenId, outcome, id: result.id }, 'import API event accepted');
  return apiJson(eventId === null ? 201 : 200, { outcome, id: result.id });
}

export function createEventRequest(request: Request): Promise<Response> {
  return answering(request, async (req) => {
    const caller = await authenticate(req, 'events');
    if (caller instanceof Response) return caller;
    return save(req, caller, null);
  });
}

export function updateEventRequest(request: Request, idText: string): Promise<Response> {
  return answering(request, async (req) => {
    const caller = await authenticate(req, 'events');
    if (caller instanceof Response) return caller;
    const id = eventIdOf(idText);
    return id === null ? refuse(req, notFound()) : save(req, caller, id);
  });
}

export function deleteEventRequest(request: Request, idText: string): Promise<Response> {
  return answering(request, async (req) => {
    const caller = await authenticate(req, 'events');
    if (caller instanceof Response) return caller;
    const id = eventIdOf(idText);
    if (id === null) return refuse(req, notFound());
    const result = await deleteEvent(await getDb(), id, caller.actor);
    if (!result.ok) return refuse(req, notFound());
    log.info({ scope: 'events', tokenId: caller.tokenId, outcome: 'deleted', id }, 'import API event deleted');
    return refuse(req, apiJson(200, { outcome: 'deleted', id }));
  });
}

export function addNoticeRequest(request: Request, idText: string): Promise<Response> {
  return answering(request, async (req) => {
    const caller = await authenticate(req, 'events');
    if (caller instanceof Response) return caller;
    const id = eventIdOf(idText);
    const event = id === null ? null : await eventForStaff(await getDb(), id);
    if (!event) return refuse(req, notFound());
    const url = new URL(req.url);
    const locale = url.searchParams.get('locale') ?? '';
    if (!['fr', 'en', 'es'].includes(locale)) return refuse(req, fail(422, 'bad-language', `"${locale.slice(0, 20)}" is not a language of the site (fr, en, es): give ?locale=.`));
    const countries = noticeCountries((url.searchParams.get('countries') ?? '').slice(0, 2000));
    if (countries === null) return refuse(req, fail(422, 'unknown-country', 'The `countries` are two-letter codes, comma-separated.'));
    if (mediaType(req).type !== 'application/pdf') return refuse(req, fail(415, 'unsupported-media-type', 'Send the notice as application/pdf.'));
    const bytes = await readLimitedBody(req, MAX_NOTICE_BODY_BYTES);
    if (bytes instanceof Response) return bytes;
    const name = (url.searchParams.get('name') ?? `notice-${event.id}-${locale}.pdf`).slice(0, 200);
    const result = await attachNotice(await getDb(), { eventId: event.id, locale, countries, fileName: name, bytes }, caller.actor);
    if (!result.ok) {
      const answer: [number, EventApiErrorCode, string] =
        result.error === 'unknown-event'
          ? [404, 'not-found', 'No event has this id.']
          : result.error === 'unknown-country'
            ? [422, 'unknown-country', 'One of the `countries` is not a country of the site.']
            : result.error === 'bad-locale'
              ? [422, 'bad-language', 'Not a language of the site.']
              : result.error === 'too-large'
                ? [413, 'too-large', `The file is larger than ${MAX_DOCUMENT_BYTES} bytes.`]
                : result.error === 'empty'
                  ? [422, 'empty-file', 'The file is empty.']
                  : [422, 'not-pdf', 'The file is not a PDF (checked by its content).'];
      log.info({ scope: 'events', tokenId: caller.tokenId, error: answer[1] }, 'import API notice refused');
      return fail(...answer);
    }
    const outcome = result.changed ? 'changed' : 'unchanged';
    log.info({ scope: 'events', tokenId: caller.tokenId, outcome, id: result.id }, 'import API notice accepted');
    return apiJson(200, { outcome, id: result.id, replacedId: result.replacedId, tagged: result.tagged });
  });
}
