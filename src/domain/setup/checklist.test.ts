import { describe, expect, it } from 'vitest';
import { readyToOpen, setupChecklist, type SetupFacts } from './checklist';

const ready: SetupFacts = {
  identityMissing: [],
  hasLogo: true,
  fundsWithShares: 3,
  retailSharesWithoutKid: [],
  legalPages: { 'legal-notices': 'ready', rgpd: 'ready', accessibility: 'ready' },
  countriesWithoutPage: [],
  mail: { smtp: true, alertAddress: true },
  approvers: 2,
};

describe('the go-live checklist', () => {
  it('has nothing missing for a house that provided everything', () => {
    const items = setupChecklist(ready);
    expect(items.map((i) => i.code)).toEqual(['identity', 'logo', 'fund', 'kids', 'legal-notices', 'rgpd', 'accessibility', 'country-pages', 'mail', 'approver']);
    expect(items.every((i) => i.done)).toBe(true);
    expect(readyToOpen(items)).toBe(true);
  });

  it('lists every item of an empty house, each with the screen that provides it', () => {
    const items = setupChecklist({
      identityMissing: ['title', 'ADDRESS'],
      hasLogo: false,
      fundsWithShares: 0,
      retailSharesWithoutKid: [],
      legalPages: { 'legal-notices': 'gaps', rgpd: 'missing', accessibility: 'gaps' },
      countriesWithoutPage: [],
      mail: { smtp: false, alertAddress: false },
      approvers: 1,
    });
    const missing = Object.fromEntries(items.filter((i) => !i.done).map((i) => [i.code, { href: i.href, missing: i.missing }]));
    expect(missing).toEqual({
      identity: { href: '/admin/company', missing: ['title', 'ADDRESS'] },
      logo: { href: '/admin/company', missing: ['logo'] },
      fund: { href: '/admin/funds', missing: ['fund'] },
      'legal-notices': { href: '/admin/pages/legal-notices', missing: ['gaps'] },
      rgpd: { href: '/admin/pages/rgpd', missing: ['missing'] },
      accessibility: { href: '/admin/pages/accessibility', missing: ['gaps'] },
      mail: { href: '/admin/outbox', missing: ['SMTP_URL', 'ALERT_EMAIL'] },
      approver: { href: '/admin/accounts', missing: ['1'] },
    });
    expect(readyToOpen(items)).toBe(false);
  });

  it('names the retail share classes without a KID, and the countries without a page', () => {
    const items = setupChecklist({ ...ready, retailSharesWithoutKid: [{ isin: 'LU0000000001', label: 'A', fundId: 7 }], countriesWithoutPage: ['BE', 'LU'] });
    expect(items.find((i) => i.code === 'kids')).toMatchObject({ done: false, href: '/admin/funds/7', missing: ['LU0000000001'] });
    expect(items.find((i) => i.code === 'country-pages')).toMatchObject({ done: false, missing: ['BE', 'LU'] });
  });

  it('leaves the logo out where there is no logo to upload', () => {
    expect(setupChecklist({ ...ready, hasLogo: null }).map((i) => i.code)).not.toContain('logo');
  });
});
