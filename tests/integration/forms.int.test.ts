/**
 * The form endpoint (POST /api/forms/{kind}) on a real database, a real SMTP server (smtp-server)
 * and a stand-in for Google's siteverify: requests sent straight to the server, as a script would.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import en from '../../messages/forms/en.json';
import es from '../../messages/forms/es.json';
import fr from '../../messages/forms/fr.json';
import { largePdf, sampleDocx, sampleExe, samplePdf } from '../support/sample-documents';
import { startFakeRecaptcha } from '../support/fake-recaptcha';
import { decodeMail, startSmtpSink } from '../support/smtp-sink';

const SECRET = 'int-secret';
const SITE = 'https://www.fundhouse.test';
let smtp = await startSmtpSink();
const recaptcha = await startFakeRecaptcha(SECRET, 0, new URL(SITE).hostname);
// env() is read once, on first use: configure before the modules under test run.
process.env.PUBLIC_BASE_URL = SITE;
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
// The sink offers no STARTTLS (plain SMTP on localhost): allow the clear connection the site otherwise refuses.
process.env.SMTP_REQUIRE_TLS = 'false';
process.env.MAIL_TO = 'staff@fundhouse.test';
process.env.RECAPTCHA_SITE_KEY = 'int-site-key';
process.env.RECAPTCHA_SECRET = SECRET;
process.env.RECAPTCHA_VERIFY_URL = recaptcha.url;

const { handleFormPost, RATE_LIMIT } = await import('../../src/server/forms/handle-post');
const { drainOutbox } = await import('../../src/server/outbox/drain');
const { getSubmission, listSubmissions } = await import('../../src/server/submissions/queries');
const { claimDueMails } = await import('../../src/server/outbox/commands');
const { submissionsCsv } = await import('../../src/domain/forms/csv');
const { getDb } = await import('../../src/server/db');
const schema = await import('../../src/server/db/schema');

afterAll(async () => {
  await smtp.stop();
  await recaptcha.stop();
});

const MESSAGES = { fr: fr.Forms, en: en.Forms, es: es.Forms } as const;
const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

let ip = 0;
/** Each request comes from its own address unless told otherwise, so the rate limit only bites where tested. */
const nextAddress = () => `198.51.100.${(ip += 1)}`;

const tasks: (() => Promise<unknown>)[] = [];
beforeEach(() => {
  tasks.length = 0;
});

type Fields = Record<string, string | string[] | File>;

function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

async function post(kind: string, fields: Fields, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/api/forms/${kind}`, {
    method: 'POST',
    body: formData(fields),
    headers: { 'x-fundhouse-client': nextAddress(), ...headers },
  });
  const response = await handleFormPost(request, kind, (task) => tasks.push(task));
  return { status: response.status, body: (await response.json()) as { ok: boolean; id?: string; message?: string; errors?: Record<string, string> } };
}

const file = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name);

const contact = (locale: Locale, marker: string): Fields => ({
  locale,
  civility: 'MS',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: `Question ${marker}`,
  content: 'Could you send me the prospectus?',
  validation: 'on',
  captchaToken: 'e2e-ok:contact',
});

describe('field messages of docs/product.md §5, translated, for a request sent straight to the server', () => {
  for (const locale of LOCALES) {
    const t = MESSAGES[locale];
    it(`in ${locale}: required, invalid e-mail, no newsletter`, async () => {
      const empty = await post('contact', { locale });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({
        firstName: t.errors.required,
        lastName: t.errors.required,
        email: t.errors.required,
        subject: t.errors.required,
        content: t.errors.required,
        validation: t.errors.required,
      });
      const newsletter = await post('newsletter', { locale, email: 'not-an-address', firstName: 'A', lastName: 'B', validation: 'on' });
      expect(newsletter.body.errors).toEqual({ email: t.errors.emailInvalid, newsletters: t.errors.newsletterRequired });
    });

    it(`in ${locale}: a file too large (with its size and the limit), an .exe renamed .pdf`, async () => {
      const base = { locale, firstName: 'A', lastName: 'B', email: 'a@b.fr', position: 'Analyst', validation: 'on' };
      const big = await post('career', { ...base, cv: file(largePdf(Math.round(6.2 * 1024 * 1024)), 'cv.pdf') });
      const size = { fr: ['6,2', '5'], en: ['6.2', '5'], es: ['6,2', '5'] }[locale];
      expect(big.body.errors).toEqual({ cv: t.errors.fileTooLarge.replace('{size}', size[0] ?? '').replace('{max}', size[1] ?? '') });
      const exe = await post('career', { ...base, cv: file(sampleExe(), 'cv.pdf') });
      expect(exe.body.errors).toEqual({ cv: t.errors.fileFormat });
    });
  }

  it('takes the language from Accept-Language when the request names none', async () => {
    const res = await post('contact', {}, { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' });
    expect(res.body.errors?.email).toBe(es.Forms.errors.required);
  });

  it('answers 404 for an unknown form and 413 for a body over 10 MB', async () => {
    expect((await post('unknown', {})).status).toBe(404);
    const request = new Request('http://localhost/api/forms/contact', { method: 'POST', body: 'x', headers: { 'content-length': String(11 * 1024 * 1024) } });
    const res = await handleFormPost(request, 'contact', () => undefined);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(fr.Forms.status.tooLarge);
  });
});

/** The multipart bytes of `fields`, with the content type (boundary) that goes with them. */
async function multipart(fields: Fields): Promise<{ bytes: Uint8Array; type: string }> {
  const encoded = new Response(formData(fields));
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? '' };
}

/** A chunked body: `bytes` in pieces, then (when `endless`) filler for ever. */
function chunkedBody(bytes: Uint8Array, endless = false) {
  const probe = { pulls: 0, cancelled: false };
  const piece = 64 * 1024;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const start = probe.pulls * piece;
      probe.pulls += 1;
      if (start < bytes.byteLength) controller.enqueue(bytes.slice(start, start + piece));
      else if (endless) controller.enqueue(new Uint8Array(piece).fill(0x41));
      else controller.close();
    },
    cancel() {
      probe.cancelled = true;
    },
  });
  return { stream, probe };
}

async function postRaw(kind: string, body: BodyInit, headers: Record<string, string>) {
  const request = new Request(`http://localhost/api/forms/${kind}`, {
    method: 'POST',
    body,
    headers: { 'x-forwarded-for': nextAddress(), ...headers },
    duplex: 'half',
  } as RequestInit);
  const response = await handleFormPost(request, kind, (task) => tasks.push(task));
  return { status: response.status, body: (await response.json()) as { ok: boolean; id?: string; message?: string; errors?: Record<string, string> } };
}

describe('request bodies are counted while they are read', () => {
  it('accepts a submission sent as a chunked body, without Content-Length', async () => {
    const { bytes, type } = await multipart(contact('en', 'CHUNKED'));
    const res = await postRaw('contact', chunkedBody(bytes).stream, { 'content-type': type });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('stops an endless chunked body just past 10 MB with a translated 413, and cancels it', async () => {
    const { bytes, type } = await multipart(contact('es', 'ENDLESS'));
    const { stream, probe } = chunkedBody(bytes, true);
    const res = await postRaw('contact', stream, { 'content-type': type, 'accept-language': 'es' });
    expect(res).toMatchObject({ status: 413, body: { ok: false, message: es.Forms.status.tooLarge } });
    expect(probe.cancelled).toBe(true);
    expect(probe.pulls).toBeLessThan(10 * 16 + 4);
  });

  it('answers 413 to a body longer than its Content-Length says', async () => {
    const { bytes, type } = await multipart({ ...contact('fr', 'LYING'), cv: file(new Uint8Array(11 * 1024 * 1024), 'cv.pdf') });
    const res = await postRaw('contact', chunkedBody(bytes).stream, { 'content-type': type, 'content-length': '1000' });
    expect(res).toMatchObject({ status: 413, body: { ok: false, message: fr.Forms.status.tooLarge } });
  });

  it('answers a translated 400 to a body that is not multipart', async () => {
    const res = await postRaw('contact', 'not a form', { 'content-type': 'multipart/form-data; boundary=xyz', 'accept-language': 'en' });
    expect(res).toMatchObject({ status: 400, body: { ok: false, message: en.Forms.status.badRequest } });
    const truncated = await multipart(contact('en', 'TRUNCATED'));
    const cut = await postRaw('contact', truncated.bytes.slice(0, truncated.bytes.byteLength - 20), { 'content-type': truncated.type, 'accept-language': 'en' });
    expect(cut).toMatchObject({ status: 400, body: { ok: false, message: en.Forms.status.badRequest } });
  });
});

describe('a form post another site sends is refused', () => {
  for (const locale of LOCALES) {
    it(`answers 403, translated in ${locale}, to a foreign Origin or Sec-Fetch-Site: cross-site, and stores nothing`, async () => {
      const before = (await listSubmissions(await getDb())).length;
      const language = { 'accept-language': locale };
      const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'https://www.fundhouse.test.evil.example' }];
      for (const headers of foreign) {
        const res = await post('contact', contact(locale, 'CROSS'), { ...language, ...headers });
        expect(res, JSON.stringify(headers)).toEqual({ status: 403, body: { ok: false, message: MESSAGES[locale].status.forbidden } });
      }
      expect(await listSubmissions(await getDb())).toHaveLength(before);
    });
  }

  it('accepts the site’s own origin, the request’s host, same-origin fetches and requests without Origin', async () => {
    expect((await post('contact', contact('fr', 'ORIGIN-1'), { origin: SITE, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post('contact', contact('fr', 'ORIGIN-2'), { origin: 'http://localhost' })).status).toBe(200);
    expect((await post('contact', contact('fr', 'ORIGIN-3'), { 'sec-fetch-site': 'same-site' })).status).toBe(200);
    expect((await post('contact', contact('fr', 'ORIGIN-4'))).status).toBe(200);
  });
});

describe('a valid submission is stored, then mailed from the outbox', () => {
  it('stores a career application with its files before answering, then mails it with the files attached', async () => {
    const marker = `INT-${Date.now()}`;
    const res = await post('career', {
      locale: 'en',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      position: `Analyst ${marker}`,
      cv: file(samplePdf(), 'grace-cv.pdf'),
      coverLetter: file(sampleDocx(), 'letter.docx'),
      validation: 'on',
      captchaToken: 'e2e-ok:career',
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: 'Your request has been registered' } });
    const stored = await getSubmission(await getDb(), res.body.id ?? '');
    expect(stored).toMatchObject({ kind: 'career', locale: 'en', data: { fields: { position: `Analyst ${marker}`, validation: true }, captcha: { status: 'verified', score: 0.9 } } });
    expect(stored?.attachments.map((a) => [a.field, a.fileName, a.mimeType])).toEqual([
      ['cv', 'grace-cv.pdf', 'application/pdf'],
      ['coverLetter', 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    expect(stored?.mail).toEqual({ sentAt: null, attempts: 0, lastError: null });

    expect(tasks).toHaveLength(1);
    await Promise.all(tasks.map((task) => task()));
    const mail = await smtp.waitFor(marker);
    expect(mail.to).toEqual(['staff@fundhouse.test']);
    const text = decodeMail(mail.raw);
    expect(text).toContain('Reply-To: grace@example.com');
    expect(text).toContain('filename=grace-cv.pdf');
    expect(text).toContain('filename=letter.docx');
    expect(text).toContain(`Référence : ${res.body.id}`);
    expect((await getSubmission(await getDb(), res.body.id ?? ''))?.mail).toMatchObject({ attempts: 1, lastError: null, sentAt: expect.any(Date) });
  });

  it('keeps the mail while the SMTP server is down and delivers it, once, when it is back', async () => {
    const marker = `DOWN-${Date.now()}`;
    const port = smtp.port;
    await smtp.stop();
    const res = await post('contact', contact('fr', marker));
    expect(res.status).toBe(200);
    const mailOf = async () => (await getSubmission(await getDb(), res.body.id ?? ''))?.mail;
    expect((await drainOutbox()).failed).toBeGreaterThanOrEqual(1);
    expect(await mailOf()).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') });

    smtp = await startSmtpSink(port);
    // Not yet due (first retry after 5 s): it stays in the outbox…
    await drainOutbox();
    expect(await mailOf()).toMatchObject({ sentAt: null, attempts: 1 });
    // …and once due, it goes out.
    await drainOutbox({ now: () => new Date(Date.now() + 6000) });
    await smtp.waitFor(marker);
    expect(await mailOf()).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date) });
    await drainOutbox({ now: () => new Date(Date.now() + 3_600_000) });
    expect(smtp.mails.filter((m) => decodeMail(m.raw).includes(marker))).toHaveLength(1);
  });

  it('two workers draining at once never take the same mail (FOR UPDATE SKIP LOCKED and a lease)', async () => {
    const db = await getDb();
    const inserted = await db
      .insert(schema.mailOutbox)
      .values([1, 2, 3, 4].map((n) => ({ kind: 'alert' as const, to: 'staff@fundhouse.test', subject: `parallel ${n}`, text: 'x', nextAttemptAt: new Date(0) })))
      .returning({ id: schema.mailOutbox.id });
    const now = new Date();
    const [a, b] = await Promise.all([claimDueMails(db, now, 10, 120), claimDueMails(db, now, 10, 120)]);
    const ids = [...(a ?? []), ...(b ?? [])].map((m) => m.id).filter((id) => inserted.some((i) => i.id === id));
    expect(ids.sort()).toEqual(inserted.map((i) => i.id).sort());
    // Leased: a third worker finds nothing of them before the lease ends.
    expect((await claimDueMails(db, now, 10, 120)).filter((m) => inserted.some((i) => i.id === m.id))).toEqual([]);
  });

  it('exports the submissions as CSV for the staff', async () => {
    const marker = `CSV-${Date.now()}`;
    const res = await post('newsletter', { locale: 'es', email: 'csv@example.com', firstName: marker, lastName: 'B', newsletters: ['REP', 'NEWS'], validation: 'on', captchaToken: 'e2e-ok:newsletter' });
    expect(res.status).toBe(200);
    const csv = submissionsCsv(await listSubmissions(await getDb(), { kind: 'newsletter' }));
    const line = csv.split('\r\n').find((l) => l.includes(marker));
    expect(line).toContain(`${res.body.id},`);
    expect(line).toContain(',newsletter,es,');
    expect(line).toContain('REP NEWS');
  });
});

describe('abuse: honeypot, rate limit, captcha', () => {
  it('answers a filled honeypot as a success and stores nothing', async () => {
    const marker = `BOT-${Date.now()}`;
    const before = (await listSubmissions(await getDb())).length;
    const res = await post('contact', { ...contact('en', marker), website: 'http://spam.example' });
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: 'Your request has been registered' } });
    expect(await listSubmissions(await getDb())).toHaveLength(before);
    expect(tasks).toHaveLength(0);
  });

  it(`allows ${RATE_LIMIT.max} submissions of a form per client in 10 minutes, then answers 429, translated`, async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < RATE_LIMIT.max; i += 1) {
      expect((await post('contact', contact('es', `RATE-${i}`), { 'x-fundhouse-client': address, 'x-forwarded-for': `6.6.6.${i}` })).status).toBe(200);
    }
    const limited = await post('contact', contact('es', 'RATE-X'), { 'x-fundhouse-client': address });
    expect(limited).toMatchObject({ status: 429, body: { ok: false, message: es.Forms.status.tooManyRequests } });
    // Another form, or another client, is not limited.
    expect((await post('newsletter', { locale: 'es', email: 'r@example.com', firstName: 'R', lastName: 'L', newsletters: 'AN', validation: 'on', captchaToken: 'e2e-ok:newsletter' }, { 'x-fundhouse-client': address })).status).toBe(200);
    expect((await post('contact', contact('es', 'RATE-Y'))).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: a client changing the low 64 bits of its address is limited all the same', async () => {
    for (let i = 0; i < RATE_LIMIT.max; i += 1) {
      expect((await post('contact', contact('fr', `RATE6-${i}`), { 'x-fundhouse-client': `2001:db8:77:1:${i + 1}:ab:cd:ef` })).status).toBe(200);
    }
    expect(await post('contact', contact('fr', 'RATE6-X'), { 'x-fundhouse-client': '2001:db8:77:1::9' })).toMatchObject({ status: 429, body: { ok: false, message: fr.Forms.status.tooManyRequests } });
    // The next /64 is another client.
    expect((await post('contact', contact('fr', 'RATE6-Y'), { 'x-fundhouse-client': '2001:db8:77:2::9' })).status).toBe(200);
  });

  it('refuses a missing, invalid, low-score, other-action or other-site token with a translated message, and stores nothing', async () => {
    const before = (await listSubmissions(await getDb())).length;
    for (const token of [undefined, 'forged', 'e2e-low:contact', 'e2e-ok:newsletter', 'e2e-elsewhere:contact']) {
      const fields = contact('fr', 'CAPTCHA');
      if (token) fields.captchaToken = token;
      else delete fields.captchaToken;
      const res = await post('contact', fields);
      expect(res, String(token)).toMatchObject({ status: 400, body: { ok: false, message: fr.Forms.status.captchaRejected } });
    }
    expect(await listSubmissions(await getDb())).toHaveLength(before);
  });

  it('keeps a submission, flagged, when the verification service cannot be reached', async () => {
    await recaptcha.stop();
    const res = await post('contact', contact('en', 'UNVERIFIED'));
    expect(res.status).toBe(200);
    expect((await getSubmission(await getDb(), res.body.id ?? ''))?.data.captcha).toEqual({ status: 'unverified' });
  });
});

describe('subscribe: the share classes offered depend on the visitor’s profile', () => {
  const hidden = funds.flatMap((f) => f.shares.map((s) => ({ fund: f, share: s }))).find(({ fund, share }) => !(fund.visibleTo.includes('RETAIL') && share.visibleTo.includes('RETAIL')) && fund.visibleTo.includes('INSTIT') && share.visibleTo.includes('INSTIT'));
  const request = (isin: string) => ({
    locale: 'en',
    isin,
    investorType: 'INSTIT',
    amount: '250000',
    firstName: 'Ann',
    lastName: 'Investor',
    email: 'ann@example.com',
    phone: '+33 1 23 45 67 89',
    validation: 'on',
    captchaToken: 'e2e-ok:subscribe',
  });

  it('refuses a share class the profile may not see, accepts it for a profile that may', async () => {
    expect(hidden).toBeDefined();
    const isin = hidden?.share.isinCode ?? '';
    const retail = await post('subscribe', request(isin));
    expect(retail.body.errors).toEqual({ isin: en.Forms.errors.invalidChoice });
    const instit = await post('subscribe', request(isin), { cookie: 'investor_profile=INSTIT' });
    expect(instit.status).toBe(200);
    expect((await getSubmission(await getDb(), instit.body.id ?? ''))?.data.fields).toMatchObject({ isin, amount: '250000', investorType: 'INSTIT' });
  });
});
