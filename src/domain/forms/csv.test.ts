import { describe, expect, it } from 'vitest';
import { EXPORT_FIELDS, submissionsCsv, type ExportRecord } from './csv';

const record: ExportRecord = {
  id: '6f1c1c3e-0000-4000-8000-000000000001',
  kind: 'contact',
  locale: 'fr',
  createdAt: new Date('2026-11-21T09:30:00Z'),
  data: { fields: { firstName: 'Zoé', lastName: 'Martin, "junior"', email: 'zoe@example.fr', content: 'Ligne 1\nLigne 2', subject: '=HYPERLINK("http://evil")', validation: true }, captcha: { status: 'verified' } },
  attachments: [{ field: 'cv', fileName: 'cv.pdf', size: 1234, sha256: 'ab' }],
  mail: { sentAt: null, attempts: 2, lastError: 'connect ECONNREFUSED' },
};

describe('submissionsCsv', () => {
  it('has one column per field of the forms, then files, captcha and mail delivery', () => {
    const [header] = submissionsCsv([]).split('\r\n');
    expect(header).toBe(['id', 'created_at', 'form', 'locale', ...EXPORT_FIELDS, 'attachments', 'captcha', 'mail_status', 'mail_attempts', 'mail_sent_at', 'mail_last_error'].join(','));
    expect(EXPORT_FIELDS).toEqual(expect.arrayContaining(['civility', 'email', 'newsletters', 'isin', 'amount', 'validation']));
    expect(EXPORT_FIELDS).not.toContain('cv');
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    const csv = submissionsCsv([record]);
    const line = csv.slice(csv.indexOf('\r\n') + 2);
    expect(line).toContain('"Martin, ""junior"""');
    expect(line).toContain('"Ligne 1\nLigne 2"');
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line).toContain('cv: cv.pdf (1234 bytes, sha256 ab)');
    expect(line).toContain(',verified,retrying,2,,connect ECONNREFUSED\r\n');
    expect(line.startsWith('6f1c1c3e-0000-4000-8000-000000000001,2026-11-21T09:30:00.000Z,contact,fr,')).toBe(true);
  });
});
