/**
 * Logs and alerts on a real database: a form submission whose insert PostgreSQL refuses is logged
 * with the error's SQLSTATE and the submission's id and none of the visitor's values, and alerts
 * are mailed through the outbox at most once per distinct error per 10 minutes, across processes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { samplePdf } from '../support/sample-documents';

// env() is read once, on first use: configure before the modules under test run.
process.env.ALERT_EMAIL = 'oncall@fundhouse.test';
delete process.env.SMTP_URL; // mails stay in the outbox, where the test reads them

const { handleFormPost } = await import('../../src/server/forms/handle-post');
const { raiseAlert, forgetAlertMemory } = await import('../../src/server/log/alerts');
const { ALERT_WINDOW_MS, alertFingerprint } = await import('../../src/server/log/fingerprint');
const { getDb } = await import('../../src/server/db');
const schema = await import('../../src/server/db/schema');
const { and, eq, isNull, sql } = await import('drizzle-orm');

/** Every line the logger writes while `fn` runs, parsed (the logger writes JSON lines to stdout). */
async function capturedLogs(fn: () => Promise<void>): Promise<{ lines: Record<string, unknown>[]; raw: string }> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  const raw = chunks.join('');
  return { raw, lines: raw.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** Alert mails only: on PostgreSQL the database is shared with the other test files (invitations, resets…). */
async function alertMails() {
  const db = await getDb();
  return db
    .select()
    .from(schema.mailOutbox)
    .where(and(isNull(schema.mailOutbox.submissionId), eq(schema.mailOutbox.to, 'oncall@fundhouse.test')))
    .orderBy(schema.mailOutbox.id);
}

afterEach(() => {
  forgetAlertMemory();
});

describe('a database error during a form submission', () => {
  it("is logged with its SQLSTATE and the submission's id, never a value the visitor sent; the alert mail neither", async () => {
    const db = await getDb();
    const REJECTED = 'Rejected-Lovelace';
    // A real constraint violation raised by the database on the real insert of handleFormPost.
    await db.execute(sql.raw(`alter table form_submission add constraint test_reject check ((data->'fields'->>'lastName') is distinct from '${REJECTED}')`));
    const cv = samplePdf('CV of Ada, born 10 December 1815');
    const values = { locale: 'en', firstName: 'Augusta', lastName: REJECTED, email: 'augusta.ada@example.com', position: 'Analyst of engines', validation: 'on' };
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.append(name, value);
    data.append('cv', new File([cv as BlobPart], 'cv-augusta.pdf'));
    const tasks: (() => Promise<unknown>)[] = [];
    let status = 0;
    const { lines, raw } = await capturedLogs(async () => {
      const response = await handleFormPost(new Request('http://localhost/api/forms/career', { method: 'POST', body: data, headers: { 'x-forwarded-for': '198.51.100.77' } }), 'career', (task) => tasks.push(task));
      status = response.status;
      for (const task of tasks) await task();
    });
    expect(status).toBe(500);

    const line = lines.find((l) => l.msg === 'submission not stored');
    expect(line).toMatchObject({ level: 'error', area: 'forms', form: 'career', submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const err = line?.err as { type: string; message: string; cause?: { code?: string; constraint?: string } };
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.cause).toMatchObject({ code: '23514', constraint: 'test_reject' });
    const alert = lines.find((l) => l.event === 'alert');
    expect(alert).toMatchObject({ source: 'forms', route: '/api/forms/career' });

    const cvBase64 = Buffer.from(cv).toString('base64');
    for (const secret of [REJECTED, 'Augusta', 'augusta.ada@example.com', 'Analyst of engines', 'cv-augusta.pdf', cvBase64.slice(0, 40), '10 December 1815']) {
      expect(raw, secret).not.toContain(secret);
    }

    const mail = (await alertMails()).find((m) => m.subject.includes('/api/forms/career'));
    expect(mail).toMatchObject({ to: 'oncall@fundhouse.test', subject: expect.stringContaining('/api/forms/career') });
    expect(mail?.text).toContain('23514');
    expect(mail?.text).toContain('violates check constraint "…"');
    for (const secret of [REJECTED, 'Augusta', 'augusta.ada@example.com', 'Analyst of engines']) expect(`${mail?.subject}\n${mail?.text}`).not.toContain(secret);
    await db.execute(sql.raw('alter table form_submission drop constraint test_reject'));
  });
});

describe('alert throttle', () => {
  const t0 = new Date(Date.UTC(2026, 10, 24, 4, 0));
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const failure = () => new TypeError("Cannot read properties of undefined (reading 'nav')");
  const event = () => ({ source: 'request' as const, route: '/[locale]/[profile]/funds/[fundSlug]', method: 'GET', path: '/en/funds/x', error: failure() });

  it('mails a distinct error once per 10 minutes, even from another process, then reports the repeats', async () => {
    const db = await getDb();
    const before = (await alertMails()).length;
    const quiet = (fn: () => Promise<void>) => capturedLogs(fn);
    const outcomes: string[] = [];
    await quiet(async () => {
      outcomes.push((await raiseAlert(event(), { now: at(0), drain: false })).reason);
      outcomes.push((await raiseAlert(event(), { now: at(1000), drain: false })).reason); // this process remembers
      forgetAlertMemory(); // another process: only the database knows
      outcomes.push((await raiseAlert(event(), { now: at(60_000), drain: false })).reason);
      outcomes.push((await raiseAlert({ ...event(), error: new RangeError('another error') }, { now: at(61_000), drain: false })).reason);
      outcomes.push((await raiseAlert(event(), { now: at(ALERT_WINDOW_MS - 1), drain: false })).reason);
      outcomes.push((await raiseAlert(event(), { now: at(ALERT_WINDOW_MS + 60_000), drain: false })).reason);
    });
    expect(outcomes).toEqual(['mailed', 'suppressed', 'suppressed', 'mailed', 'suppressed', 'mailed']);
    const mails = (await alertMails()).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\[.+\] TypeError \S+ GET \/\[locale\]\/\[profile\]\/funds\/\[fundSlug\]$/),
      expect.stringMatching(/^\[.+\] RangeError \S+ GET \/\[locale\]\/\[profile\]\/funds\/\[fundSlug\]$/),
      expect.stringMatching(/^\[.+\] TypeError \S+ GET \/\[locale\]\/\[profile\]\/funds\/\[fundSlug\]$/),
    ]);
    // The third mail counts the repeats not mailed in the window before it: the one the database
    // counted (at 1 min) and the one a process kept in memory (at 9:59). The repeat at 0:01 was
    // counted only in the memory of the "process" that was forgotten, as a process that stops loses it.
    expect(mails[0]?.text).toMatch(/: 0\n/);
    expect(mails[2]?.text).toMatch(/: 2\n/);
    const fingerprint = alertFingerprint(event().route, 'TypeError', `${failure().message}\n`);
    const [row] = await db.select().from(schema.alertThrottle).where(eq(schema.alertThrottle.fingerprint, fingerprint));
    expect(row).toMatchObject({ suppressed: 0, reportedSuppressed: 2, lastSentAt: at(ALERT_WINDOW_MS + 60_000) });
  });
});
