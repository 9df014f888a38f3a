import { describe, expect, it } from 'vitest';
import { LINK_MARKER } from '../forms/outbox-mail';
import { alertMailHeaders, digestDue, firstDigestOfMonth, headersWithLink, isAlertToken, isOneClickBody, subscriptionCursor, summaryMonth } from './rules';

describe('the fund alerts rules', () => {
  it('allows one digest per UTC day', () => {
    const now = new Date('2031-06-15T06:00:00Z');
    expect(digestDue(null, now)).toBe(true);
    expect(digestDue(new Date('2031-06-15T00:00:00Z'), now)).toBe(false);
    expect(digestDue(new Date('2031-06-14T23:59:59Z'), now)).toBe(true);
  });

  it('sends the NAV summary with the first digest of a month, about the previous month', () => {
    expect(firstDigestOfMonth(null, new Date('2031-06-15T06:00:00Z'))).toBe(true);
    expect(firstDigestOfMonth(new Date('2031-05-31T06:00:00Z'), new Date('2031-06-01T06:00:00Z'))).toBe(true);
    expect(firstDigestOfMonth(new Date('2031-06-01T06:00:00Z'), new Date('2031-06-02T06:00:00Z'))).toBe(false);
    expect(summaryMonth(new Date('2031-03-01T06:00:00Z'))).toEqual({ month: '2031-02', end: '2031-02-28', previousEnd: '2031-01-31' });
    expect(summaryMonth(new Date('2031-01-10T06:00:00Z'))).toEqual({ month: '2030-12', end: '2030-12-31', previousEnd: '2030-11-30' });
  });

  it('starts a subscription’s news at the later of its confirmation and the last digest', () => {
    const confirmed = new Date('2031-06-10T10:00:00Z');
    expect(subscriptionCursor(null, confirmed)).toBe(confirmed);
    expect(subscriptionCursor(new Date('2031-06-09T00:00:00Z'), confirmed)).toBe(confirmed);
    expect(subscriptionCursor(new Date('2031-06-11T00:00:00Z'), confirmed)).toEqual(new Date('2031-06-11T00:00:00Z'));
  });

  it('stores List-Unsubscribe with the link marker and puts the link in at send time', () => {
    const stored = alertMailHeaders();
    expect(stored).toEqual({ 'List-Unsubscribe': `<${LINK_MARKER}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(headersWithLink(stored, 'https://x.example/api/alerts?token=abc')).toEqual({
      'List-Unsubscribe': '<https://x.example/api/alerts?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(() => headersWithLink(stored, null)).toThrow(/no link/);
  });

  it('recognizes the one-click body of RFC 8058 and the tokens', () => {
    expect(isOneClickBody('List-Unsubscribe=One-Click')).toBe(true);
    expect(isOneClickBody('List-Unsubscribe=One-Click&x=1')).toBe(true);
    expect(isOneClickBody('List-Unsubscribe=Other')).toBe(false);
    expect(isOneClickBody('')).toBe(false);
    expect(isAlertToken('a'.repeat(43))).toBe(true);
    expect(isAlertToken('a'.repeat(42))).toBe(false);
    expect(isAlertToken('a'.repeat(42) + '/')).toBe(false);
  });
});
