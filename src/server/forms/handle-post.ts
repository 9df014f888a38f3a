import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { env, type Locale } from '@/env';
import { routing } from '@/i18n/routing';
import { INTL_LOCALE } from '@/domain/language/format';
import { clientNetwork } from '@/domain/forms/client-network';
import { CAPTCHA_FIELD, FORMS, HONEYPOT_FIELD, isFormKind, LOCALE_FIELD, NEWSLETTER_OPTIONS } from '@/domain/forms/definitions';
import type { FormDef } from '@/domain/forms/fields';
import { formValues } from '@/domain/forms/form-data';
import { submissionMail } from '@/domain/forms/mail';
import { errorMessage, type StatusCode } from '@/domain/forms/messages';
import { fieldErrors, formSchema, type CleanValues, type RuntimeOptions } from '@/domain/forms/schema';
import { FORMAT_MIME, uploadFormat, type UploadValue } from '@/domain/forms/upload';
import { LINK_MARKER } from '@/domain/forms/outbox-mail';
import { getDb } from '@/server/db';
import { readBody } from '@/server/http/read-body';
import { audienceFromRequest } from '@/server/http/request-context';
import { raiseAlert } from '@/server/log/alerts';
import { areaLogger } from '@/server/log/logger';
import { currentRequestId, REQUEST_ID_HEADER } from '@/server/log/request-context';
import { newUnsubscribeToken, unsubscribeLink } from '@/server/privacy/unsubscribe';
import { storeSubmission, type NewAttachment, type NewSubmission } from '@/server/submissions/commands';
import { getCompany } from '@/server/site/queries';
import { verifyCaptcha } from './captcha';
import { requestDrain } from '../outbox/drain';
import { sealLink } from './sealed-link';
import { clientAddress, clientHash, isCrossSitePost, requestLocale } from './request-info';
import { subscribableShares, subscribeOptionLabels } from './subscribe-options';
import { formsTranslator, unsubscribeTranslator } from './translator';

/** Per client network and form: 5 stored submissions in 10 minutes (counted in the database, see storeSubmission). */
export const RATE_LIMIT = { max: 5, windowSeconds: 600 };
/** A whole request: two 5 MB files fit. It is also the body size Next's proxy passes on unchanged (10 MB). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** 10 MB in two minutes is 85 KB/s: a slow mobile upload passes, a client trickling bytes to hold the connection does not. */
export const BODY_TIMEOUT_MS = 120_000;
/** The language of the staff's mails: the site's default language. */
const STAFF_LOCALE: Locale = routing.defaultLocale;
const log = areaLogger('forms');

export type FormResponse =
  | { ok: true; id: string; message: string }
  | { ok: false; errors?: Record<string, string>; message?: string };

const json = (status: number, body: FormResponse, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });

function failure(status: number, code: StatusCode, locale: Locale, headers?: Record<string, string>): Response {
  return json(status, { ok: false, message: formsTranslator(locale)(`status.${code}`) }, headers);
}

async function runtimeOptions(form: FormDef, request: Request): Promise<RuntimeOptions> {
  if (form.kind !== 'subscribe') return {};
  const groups = await subscribableShares(STAFF_LOCALE, audienceFromRequest(request));
  return { isin: groups.flatMap((g) => g.shares.map((s) => s.isin)) };
}

/** The text fields of a submission as stored (files are stored apart, as attachments). */
function storedFields(form: FormDef, values: CleanValues): Record<string, unknown> {
  return Object.fromEntries(form.fields.filter((f) => f.kind !== 'file').map((f) => [f.name, values[f.name]]));
}

function attachments(form: FormDef, values: CleanValues): NewAttachment[] {
  return form.fields.flatMap((field) => {
    const upload = values[field.name] as UploadValue | null;
    if (field.kind !== 'file' || !upload?.bytes) return [];
    const format = uploadFormat(upload, field.formats);
    if (!format) return [];
    // Only the last path segment, printable characters, 200 at most: the name goes into mails and exports.
    const fileName = (upload.name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').slice(-200) || `${field.name}.${format}`;
    const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
    return [{ field: field.name, fileName, mimeType: FORMAT_MIME[format], size: upload.size, sha256, data: upload.bytes }];
  });
}

/**
 * A newsletter sign-up gets a confirmation in the visitor's language with a single-use unsubscribe
 * link (docs/decisions/024): the token goes into the mail, only its SHA-256 into the database; the
 * link waits in the outbox sealed, apart from the text, and is not kept once sent (docs/decisions/026).
 */
async function newsletterConfirmation(form: FormDef, values: CleanValues, locale: Locale): Promise<Pick<NewSubmission, 'confirmation' | 'unsubscribeTokenHash'>> {
  const email = values.email;
  if (form.kind !== 'newsletter' || typeof email !== 'string' || !email) return {};
  const { token, hash } = newUnsubscribeToken();
  const t = unsubscribeTranslator(locale);
  const chosen = Array.isArray(values.newsletters) ? values.newsletters.filter((v): v is (typeof NEWSLETTER_OPTIONS)[number] => (NEWSLETTER_OPTIONS as readonly string[]).includes(String(v))) : [];
  const topics = chosen.map((o) => t(`mail.topics.${o}`)).join(', ');
  const linkSealed = await sealLink(await getDb(), unsubscribeLink(locale, token), email);
  return { unsubscribeTokenHash: hash, confirmation: { to: email, subject: t('mail.subject'), text: t('mail.body', { topics, link: LINK_MARKER }), linkSealed } };
}

/**
 * The multipart body, read below MAX_BODY_BYTES (counted as it arrives, whatever Content-Length
 * says) within BODY_TIMEOUT_MS, then parsed from those bytes.
 */
async function readFormData(request: Request): Promise<FormData | 'tooLarge' | 'timeout' | 'unreadable'> {
  // Next's proxy hands on at most 10 MB of a longer body, cut: a body of exactly MAX_BODY_BYTES may
  // be the start of a larger one, so it counts as too large (413) rather than as bad multipart (400).
  const read = await readBody(request, { maxBytes: MAX_BODY_BYTES - 1, timeoutMs: BODY_TIMEOUT_MS });
  if (!read.ok) return read.failure;
  try {
    return await new Response(read.bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    return 'unreadable';
  }
}

/**
 * POST /api/forms/{kind}: validates a submission with the form's schema, stores it (files
 * included) with its mail in the outbox, and only then answers "Your request has been registered".
 * Answers are JSON, translated in the visitor's language: field → message on 400; a post another
 * site sent is refused 403 before its body is read.
 * `afterResponse` runs the outbox once the answer is sent (next/server's after()).
 */
export async function handleFormPost(request: Request, kind: string, afterResponse: (task: () => Promise<unknown>) => void): Promise<Response> {
  let locale = requestLocale(null, request.headers);
  if (!isFormKind(kind)) return json(404, { ok: false, message: 'Not found' });
  const form = FORMS[kind];
  if (isCrossSitePost(request.headers, request.url, env().PUBLIC_BASE_URL)) {
    console.info(`[forms] ${kind}: cross-site post refused (origin ${request.headers.get('origin') ?? '-'})`);
    return failure(403, 'forbidden', locale);
  }
  const data = await readFormData(request);
  if (data === 'tooLarge') return failure(413, 'tooLarge', locale);
  if (data === 'timeout') return failure(408, 'network', locale);
  if (data === 'unreadable') return failure(400, 'badRequest', locale);
  locale = requestLocale(data.get(LOCALE_FIELD), request.headers);
  const t = formsTranslator(locale);
  const trap = data.get(HONEYPOT_FIELD);
  if (typeof trap === 'string' && trap.trim() !== '') {
    // A bot filled the field no human sees: it is told all went well, and nothing is kept.
    log.info({ form: kind }, 'honeypot filled, submission dropped');
    return json(200, { ok: true, id: randomUUID(), message: t('registered') });
  }
  const parsed = formSchema(form, await runtimeOptions(form, request)).safeParse(await formValues(form, data));
  if (!parsed.success) {
    const errors = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([name, error]) => [name, errorMessage(t, error, locale)]));
    return json(400, { ok: false, errors });
  }
  const address = clientAddress(request.headers);
  const token = data.get(CAPTCHA_FIELD);
  const captcha = await verifyCaptcha(typeof token === 'string' ? token : null, kind, address);
  if (captcha.status === 'rejected') {
    log.info({ form: kind, reason: captcha.reason }, 'captcha rejected');
    return failure(400, 'captchaRejected', locale);
  }
  if (captcha.status === 'unverified') log.warn({ form: kind, reason: captcha.reason }, 'captcha not verified, submission kept and flagged');

  const id = randomUUID();
  const now = new Date();
  const staff = formsTranslator(STAFF_LOCALE);
  const dateFormat = new Intl.DateTimeFormat(INTL_LOCALE[STAFF_LOCALE], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
  const [options, company] = await Promise.all([
    form.kind === 'subscribe' ? subscribeOptionLabels(STAFF_LOCALE, audienceFromRequest(request)) : {},
    getCompany(STAFF_LOCALE),
  ]);
  const unverified = captcha.status === 'unverified';
  const mail = submissionMail(form, { id, locale, createdAt: now, values: parsed.data, unverified }, { t: staff, options, formatDate: (d) => dateFormat.format(d), company: company?.title ?? '' });
  try {
    const stored = await storeSubmission(
      await getDb(),
      {
        id,
        kind,
        locale,
        data: { fields: storedFields(form, parsed.data), captcha: captcha.status === 'verified' ? { status: 'verified', score: captcha.score } : { status: captcha.status } },
        // The rate limit counts the client's network (an IPv6 client by its /64, which it may roam at will), so the hash kept is the network's.
        clientHash: await clientHash(clientNetwork(address)),
        attachments: attachments(form, parsed.data),
        mail: { to: env().MAIL_TO, ...mail },
        ...(await newsletterConfirmation(form, parsed.data, locale)),
      },
      RATE_LIMIT,
      now,
    );
    if (stored.status === 'rateLimited') return failure(429, 'tooManyRequests', locale, { 'retry-after': String(RATE_LIMIT.windowSeconds) });
  } catch (error) {
    // The error's code and the submission's id, never its values: serializeError withholds the
    // query, its parameters and any value a database message quotes.
    log.error({ form: kind, submissionId: id, err: error }, 'submission not stored');
    const requestId = currentRequestId() ?? request.headers.get(REQUEST_ID_HEADER) ?? undefined;
    afterResponse(() => raiseAlert({ source: 'forms', route: `/api/forms/${kind}`, method: 'POST', path: `/api/forms/${kind}`, error, requestId }));
    return failure(500, 'server', locale);
  }
  afterResponse(() => requestDrain());
  return json(200, { ok: true, id, message: t('registered') });
}
