/**
 * The go-live checklist (issue 43, docs/your-own-house.md): what a fund house must still provide
 * before its site is opened to the public, each item with the back-office screen that provides it.
 * Pure: the facts are read by src/server/setup/queries.ts.
 */

/** The legal pages every site must have, by page code, before it opens. */
export const LEGAL_PAGES = ['legal-notices', 'rgpd', 'accessibility'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export type PageState = 'missing' | 'gaps' | 'ready';

export const isLegalPage = (code: string): code is LegalPage => (LEGAL_PAGES as readonly string[]).includes(code);

export type SetupFacts = {
  /** Identity fields still empty (the company screen's field names), in the screen's order. */
  identityMissing: readonly string[];
  /** Whether the house has its own logo; null where the platform has no logo to upload. */
  hasLogo: boolean | null;
  /** Funds with at least one share class. */
  fundsWithShares: number;
  /** Share classes offered to retail investors (registered, not withdrawn) with no published KID. */
  retailSharesWithoutKid: readonly { isin: string; label: string; fundId: number }[];
  /** Each legal page: absent, present with a template gap still to fill, or ready. */
  legalPages: Readonly<Record<LegalPage, PageState>>;
  /** Served countries with a retail registration and no information page (their codes). */
  countriesWithoutPage: readonly string[];
  /** An SMTP server to send mail, and an address that receives the operations alerts. */
  mail: { smtp: boolean; alertAddress: boolean };
  /** Active staff accounts who may approve changes (four eyes needs one besides the author). */
  approvers: number;
};

export const SETUP_ITEMS = ['identity', 'logo', 'fund', 'kids', 'legal-notices', 'rgpd', 'accessibility', 'country-pages', 'mail', 'approver'] as const;
export type SetupItemCode = (typeof SETUP_ITEMS)[number];

export type SetupItem = {
  code: SetupItemCode;
  done: boolean;
  /** The back-office screen that provides it. */
  href: string;
  /** What is missing, for the screen to name: field names, ISINs, country codes, a count. */
  missing: readonly string[];
};

const page = (code: LegalPage): string => `/admin/pages/${code}`;

/** The checklist in its order; an item is done when nothing of it is missing. */
export function setupChecklist(facts: SetupFacts): SetupItem[] {
  const items: SetupItem[] = [
    { code: 'identity', done: facts.identityMissing.length === 0, href: '/admin/company', missing: facts.identityMissing },
    { code: 'logo', done: facts.hasLogo !== false, href: '/admin/company', missing: facts.hasLogo === false ? ['logo'] : [] },
    { code: 'fund', done: facts.fundsWithShares > 0, href: '/admin/funds', missing: facts.fundsWithShares > 0 ? [] : ['fund'] },
    {
      code: 'kids',
      done: facts.retailSharesWithoutKid.length === 0,
      href: facts.retailSharesWithoutKid.length === 1 ? `/admin/funds/${facts.retailSharesWithoutKid[0]?.fundId}` : '/admin/funds',
      missing: facts.retailSharesWithoutKid.map((s) => s.isin),
    },
    ...LEGAL_PAGES.map((code) => ({ code, done: facts.legalPages[code] === 'ready', href: page(code), missing: facts.legalPages[code] === 'ready' ? [] : [facts.legalPages[code]] })),
    { code: 'country-pages', done: facts.countriesWithoutPage.length === 0, href: '/admin/pages', missing: facts.countriesWithoutPage },
    {
      code: 'mail',
      done: facts.mail.smtp && facts.mail.alertAddress,
      href: '/admin/outbox',
      missing: [...(facts.mail.smtp ? [] : ['SMTP_URL']), ...(facts.mail.alertAddress ? [] : ['ALERT_EMAIL'])],
    },
    { code: 'approver', done: facts.approvers >= 2, href: '/admin/accounts', missing: facts.approvers >= 2 ? [] : [String(facts.approvers)] },
  ];
  return items.filter((item) => item.code !== 'logo' || facts.hasLogo !== null);
}

/** Whether the site may be opened: every item done. */
export const readyToOpen = (items: readonly SetupItem[]): boolean => items.every((item) => item.done);
