import { describe, expect, it } from 'vitest';
import { MAX_REPORTS_PER_BODY, parseCspReports, withoutQuery } from './csp-report';

const legacy = {
  'csp-report': {
    'document-uri': 'https://funds.example/admin/set-password?token=SECRET#x',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'blocked-uri': 'inline',
    'source-file': 'https://funds.example/fr?utm=1',
    'line-number': 12,
    'column-number': 3,
    disposition: 'enforce',
    'script-sample': 'alert(1)',
    'original-policy': "default-src 'self'",
  },
};

const modern = [
  {
    type: 'csp-violation',
    age: 2,
    url: 'https://funds.example/fr',
    body: { documentURL: 'https://funds.example/fr?q=x', effectiveDirective: 'script-src-elem', blockedURL: 'https://evil.example/x.js?k=1', lineNumber: 1, disposition: 'enforce', sample: '' },
  },
  { type: 'deprecation', body: { id: 'x' } },
];

describe('parseCspReports', () => {
  it('reads the report-uri form and the Reporting API form', () => {
    expect(parseCspReports('application/csp-report', JSON.stringify(legacy))).toEqual([
      {
        documentUrl: 'https://funds.example/admin/set-password',
        directive: 'script-src-elem',
        blocked: 'inline',
        sourceFile: 'https://funds.example/fr',
        line: 12,
        column: 3,
        disposition: 'enforce',
        sample: 'alert(1)',
      },
    ]);
    expect(parseCspReports('application/reports+json', JSON.stringify(modern))).toEqual([
      { documentUrl: 'https://funds.example/fr', directive: 'script-src-elem', blocked: 'https://evil.example/x.js', sourceFile: '', line: 1, column: null, disposition: 'enforce', sample: '' },
    ]);
  });

  it('as the attacker: never lets a token (query, fragment) or a control character into the log, and bounds every field', () => {
    const text = JSON.stringify(parseCspReports('application/csp-report', JSON.stringify(legacy)));
    expect(text).not.toContain('SECRET');
    const hostile = parseCspReports('application/csp-report', JSON.stringify({ 'csp-report': { 'document-uri': `https://x.example/${'a'.repeat(5000)}`, 'script-sample': 'x\n\u0000y'.repeat(100), 'line-number': -4, 'effective-directive': { o: 1 } } }))[0]!;
    expect(hostile.documentUrl.length).toBeLessThanOrEqual(200);
    expect(hostile.sample).not.toMatch(/[\n\u0000]/);
    expect(hostile.sample.length).toBeLessThanOrEqual(80);
    expect(hostile.line).toBeNull();
    expect(hostile.directive).toBe('');
  });

  it('reads at most MAX_REPORTS_PER_BODY reports of a body', () => {
    const many = Array.from({ length: 500 }, () => modern[0]);
    expect(parseCspReports('application/reports+json', JSON.stringify(many))).toHaveLength(MAX_REPORTS_PER_BODY);
  });

  it('answers [] to anything else, without throwing', () => {
    for (const [type, body] of [
      ['application/csp-report', '{not json'],
      ['application/csp-report', '[]'],
      ['application/reports+json', '{"type":"csp-violation"}'],
      ['text/plain', JSON.stringify(legacy)],
      [null, JSON.stringify(legacy)],
      ['application/reports+json', 'null'],
    ] as const) {
      expect(parseCspReports(type, body), `${type} ${body}`).toEqual([]);
    }
  });

  it('keeps the scheme alone of a non-web URL', () => {
    expect(withoutQuery('data:text/javascript,alert(1)')).toBe('data:');
    expect(withoutQuery('eval')).toBe('eval');
    expect(withoutQuery('/relative?x=1')).toBe('/relative');
  });
});
