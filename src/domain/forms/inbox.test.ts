import { describe, expect, it } from 'vitest';
import { inboxQuery, mailState, MAX_SEARCH_LENGTH, pageNumber, readInboxFilter, submitterName } from './inbox';

describe('inbox filters', () => {
  it('keeps known forms, statuses, real days and a trimmed search; drops the rest', () => {
    expect(readInboxFilter({ form: 'career', status: 'in-progress', from: '2026-01-31', to: '2026-02-30', q: '  dupont ' })).toEqual({
      kind: 'career',
      status: 'in-progress',
      from: '2026-01-31',
      q: 'dupont',
    });
    expect(readInboxFilter({ form: '__proto__', status: 'archived', from: ['2026-01-01', '2026-01-02'], q: '' })).toEqual({});
    expect(readInboxFilter({ q: 'x'.repeat(5000) }).q).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it('writes the same filter back as a query string, with the page after the first', () => {
    const filter = { kind: 'contact' as const, q: 'a&b=c' };
    expect(readInboxFilter(Object.fromEntries(new URLSearchParams(inboxQuery(filter, 3))))).toEqual(filter);
    expect(inboxQuery(filter, 3)).toContain('page=3');
    expect(inboxQuery({}, 1)).toBe('');
  });

  it('reads a page number as a bounded whole number', () => {
    expect(pageNumber('4')).toBe(4);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('1e9')).toBe(1);
    expect(pageNumber('99999999999')).toBe(1);
    expect(pageNumber(undefined)).toBe(1);
  });
});

describe('mail state and names', () => {
  it('is sent with a date, failing with an error, pending otherwise', () => {
    expect(mailState({ sentAt: new Date(), lastError: 'old error' })).toBe('sent');
    expect(mailState({ sentAt: null, lastError: 'ECONNREFUSED' })).toBe('failing');
    expect(mailState({ sentAt: null, lastError: null })).toBe('pending');
  });

  it('names a submission by its person, else its company, else its e-mail', () => {
    expect(submitterName({ firstName: ' Ana ', lastName: 'García', email: 'a@b.es' })).toBe('Ana García');
    expect(submitterName({ company: 'ACME', email: 'a@b.es' })).toBe('ACME');
    expect(submitterName({ email: 'a@b.es', firstName: 3 })).toBe('a@b.es');
  });
});
