/**
 * The fixed vocabularies of the product (docs/product.md §3, §7, §9): codes that routes,
 * the database, the GraphQL schema and the messages all agree on.
 */
export { DEFAULT_PROFILE, INVESTOR_PROFILES, isInvestorProfile, type InvestorProfile } from './investor-profiles';

export const PAGE_CODES = [
  'home',
  'about-us',
  'expertise',
  'esg',
  'sri',
  'news',
  'contact',
  'fund-range',
  'legal-notices',
  'regulatory-informations',
  'rgpd',
  'accessibility',
  'disclaimers',
] as const;
export type PageCode = (typeof PAGE_CODES)[number];

export const COMPANY_INFO_CODES = ['ADDRESS', 'ZIP_CODE', 'CITY', 'PHONE', 'EMAIL_PRESS', 'LINKEDIN'] as const;
export type CompanyInfoCode = (typeof COMPANY_INFO_CODES)[number];

/** docs/product.md §7: the fund document types the layout query asks for. */
export const LAYOUT_DOCUMENT_TYPES = ['PROSPECTUS', 'KIID', 'ESG_MONTHLY_REPORT', 'MONTHLY_REPORT', 'WEEKLY_REPORT'] as const;

export const DOCUMENT_TYPES = [
  'PROSPECTUS',
  'KIID',
  'MONTHLY_REPORT',
  'WEEKLY_REPORT',
  'ESG_MONTHLY_REPORT',
  'ANNUAL_REPORT',
  'SEMI_ANNUAL_REPORT',
  'SFDR_PRECONTRACTUAL',
  'SFDR_PERIODIC',
  'NEWS_DOCUMENT',
  'FACTSHEET',
  'FUND_NOTICE',
] as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPES)[number];

export function isDocumentTypeCode(value: string): value is DocumentTypeCode {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** docs/product.md §3 "Fund characteristic labels", as codes; scope says where the value lives. */
export const CHARACTERISTICS = [
  { code: 'ticker', scope: 'share' },
  { code: 'benchmark', scope: 'fund' },
  { code: 'recommendedDuration', scope: 'fund' },
  { code: 'currency', scope: 'share' },
  { code: 'administrator', scope: 'fund' },
  { code: 'custodian', scope: 'fund' },
  { code: 'auditor', scope: 'fund' },
  { code: 'legalStatus', scope: 'fund' },
  { code: 'valuationFrequency', scope: 'fund' },
  { code: 'navPeriodicity', scope: 'fund' },
  { code: 'eligibility', scope: 'fund' },
  { code: 'resultAllocation', scope: 'share' },
  { code: 'managementTypology', scope: 'fund' },
  { code: 'cutOffTime', scope: 'fund' },
  { code: 'settlementDate', scope: 'fund' },
  { code: 'minimumSubscriptionValue', scope: 'share' },
  { code: 'minimumSubscriptionShares', scope: 'share' },
  { code: 'minimumFirstSubscription', scope: 'share' },
  { code: 'managementFees', scope: 'share' },
  { code: 'movementFees', scope: 'share' },
  { code: 'performanceFees', scope: 'share' },
  { code: 'subscriptionFees', scope: 'share' },
  { code: 'redemptionFees', scope: 'share' },
] as const;
export type CharacteristicCode = (typeof CHARACTERISTICS)[number]['code'];
export type FundCharacteristicCode = Extract<(typeof CHARACTERISTICS)[number], { scope: 'fund' }>['code'];
export type ShareCharacteristicCode = Extract<(typeof CHARACTERISTICS)[number], { scope: 'share' }>['code'];

/** SFDR Art. 10 website-disclosure sections for article 8 and 9 funds (Delegated Regulation 2022/1288, Art. 24-36). */
export const SFDR_SECTIONS = [
  'summary',
  'noSustainableInvestmentObjective',
  'characteristicsOrObjective',
  'investmentStrategy',
  'proportionOfInvestments',
  'monitoring',
  'methodologies',
  'dataSources',
  'limitations',
  'dueDiligence',
  'engagement',
  'referenceBenchmark',
] as const;
export type SfdrSection = (typeof SFDR_SECTIONS)[number];

export const ALLOCATION_DIMENSIONS = ['asset_class', 'sector', 'country', 'currency'] as const;
export type AllocationDimension = (typeof ALLOCATION_DIMENSIONS)[number];

export const NEWSLETTER_OPTIONS = ['REP', 'AN', 'EVE', 'NEWS'] as const;
