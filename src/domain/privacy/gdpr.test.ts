import { describe, expect, it } from 'vitest';
import { ALL_EMAIL_FIELDS, EMAIL_FIELDS, isUnsubscribeToken, normalizeEmail, retentionCutoff, subscriberOptions, subscribersCsv } from './gdpr';

describe('GDPR rules', () => {
  it('matches an address trimmed and lowercased, and refuses what is not one or is too long', () => {
    expect(normalizeEmail('  Jo_Hn%Doe@Example.COM\t')).toBe('jo_hn%doe@example.com');
    for (const bad of ['', '   ', 'a@b', '@b.co', 'a@@b.co', 'a b@c.co', 'a@b\u0000.co', `${'x'.repeat(250)}@b.co`, 42, null]) expect(normalizeEmail(bad)).toBeNull();
    expect(normalizeEmail(`${'x'.repeat(249)}@b.co`)).toHaveLength(254);
  });

  it('finds the e-mail field of every form', () => {
    expect(EMAIL_FIELDS).toEqual({ contact: ['email'], newsletter: ['email'], career: ['email'], subscribe: ['email'] });
    expect(ALL_EMAIL_FIELDS).toEqual(['email']);
  });

  it('counts a period in whole days back from now', () => {
    expect(retentionCutoff(new Date('2026-01-31T12:00:00Z'), 30).toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });

  it('keeps the known topics of a sign-up, in the form order', () => {
    expect(subscriberOptions(['NEWS', 'X', 'REP'])).toEqual(['REP', 'NEWS']);
    expect(subscriberOptions('REP')).toEqual([]);
  });

  it('writes the list for a mailing tool, one column per topic, no cell a spreadsheet would run', () => {
    const csv = subscribersCsv([{ email: 'a@b.co', firstName: '=cmd()', lastName: 'Ruiz, Jr', company: '', options: ['AN'], consentAt: new Date('2026-05-01T08:00:00Z'), locale: 'es' }]);
    expect(csv.split('\r\n')).toEqual(['email,first_name,last_name,company,language,consent_at,REP,AN,EVE,NEWS', `a@b.co,"'=cmd()","Ruiz, Jr",,es,2026-05-01T08:00:00.000Z,0,1,0,0`, '']);
  });

  it('knows the form of an unsubscribe token: 43 base64url characters', () => {
    expect(isUnsubscribeToken('A'.repeat(43))).toBe(true);
    for (const bad of ['A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}/`, undefined]) expect(isUnsubscribeToken(bad)).toBe(false);
  });
});
