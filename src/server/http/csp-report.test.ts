import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admitReport, GLOBAL_PER_MINUTE, MAX_BODY_BYTES, PER_CLIENT_PER_MINUTE, receiveCspReport, resetCspReportLimits } from './csp-report';

const REPORT = JSON.stringify({ 'csp-report': { 'document-uri': 'https://funds.example/fr?token=SECRET', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } });

function post(body: BodyInit, type = 'application/csp-report', client = '203.0.113.7', headers: Record<string, string> = {}) {
  return receiveCspReport(new Request('http://localhost/api/csp-report', { method: 'POST', body, headers: { 'content-type': type, 'x-fundhouse-client': client, ...headers }, duplex: 'half' } as RequestInit));
}

describe('POST /api/csp-report', () => {
  let lines: string[];
  beforeEach(() => {
    resetCspReportLimits();
    lines = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());
  const violations = () => lines.filter((l) => l.includes('CSP violation'));

  it('logs a violation, without the query of its page, and answers 204', async () => {
    const response = await post(REPORT);
    expect(response.status).toBe(204);
    expect(violations()).toHaveLength(1);
    expect(violations()[0]).toContain('script-src-elem');
    expect(lines.join('')).not.toContain('SECRET');
  });

  it('as the attacker: a flood from one client is logged PER_CLIENT_PER_MINUTE times a minute, all answered 204', async () => {
    for (let i = 0; i < PER_CLIENT_PER_MINUTE + 15; i++) expect((await post(REPORT)).status).toBe(204);
    expect(violations()).toHaveLength(PER_CLIENT_PER_MINUTE);
    // Another client still gets through.
    await post(REPORT, 'application/csp-report', '198.51.100.9');
    expect(violations()).toHaveLength(PER_CLIENT_PER_MINUTE + 1);
  });

  it('as the attacker: many clients together are held to GLOBAL_PER_MINUTE, and the next minute logs again with the count dropped', () => {
    const now = 1_000_000;
    let admitted = 0;
    for (let i = 0; i < GLOBAL_PER_MINUTE + 50; i++) if (admitReport(`client-${i}`, now)) admitted++;
    expect(admitted).toBe(GLOBAL_PER_MINUTE);
    expect(admitReport('client-new', now + 61_000)).toBe(true);
    expect(lines.some((l) => l.includes('"dropped":50') || l.includes('dropped=50'))).toBe(true);
  });

  it('as the attacker: too large a body is 413 before it is read whole; garbage is 204 and logs nothing', async () => {
    expect((await post('x'.repeat(MAX_BODY_BYTES + 1))).status).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    expect((await post(chunked)).status).toBe(413);
    for (const [body, type] of [
      ['{', 'application/csp-report'],
      ['[1,2,3]', 'application/reports+json'],
      ['', 'application/csp-report'],
      [REPORT, 'text/html'],
    ] as const) {
      expect((await post(body, type)).status).toBe(204);
    }
    expect(violations()).toHaveLength(0);
  });
});
