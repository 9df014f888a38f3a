import 'server-only';
import type { Locale } from '@/env';
import type { CompanyView, FundView, NewsItemView, ShareView } from '@/domain/model';
import { absoluteUrl, plainText } from './urls';

/**
 * schema.org structured data (https://schema.org) for the pages of the site: plain objects, built
 * by pure functions, rendered by <JsonLd> (json-ld-script.tsx).
 */
export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];
export type JsonLdObject = { [key: string]: JsonLdValue | undefined };

const CONTEXT = 'https://schema.org';

/** The site's logo: src/app/icon.svg, which Next serves at /icon.svg. */
export const LOGO_PATH = '/icon.svg';

/** Drops the undefined, null and empty-string fields, so a missing value is absent, not blank. */
function compact<T extends JsonLdObject>(object: T): T {
  return Object.fromEntries(
    Object.entries(object).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  ) as T;
}

function info(company: CompanyView, code: string): string | undefined {
  const value = company.infos.find((i) => i.code === code)?.content.trim();
  return value ? value : undefined;
}

/** The organisation's stable id, so every page's data points to one and the same node. */
export const organizationId = (baseUrl: string) => `${absoluteUrl('/', baseUrl)}#organization`;

/** A short reference to the company, for publisher, provider and author fields. */
export function organizationRef(company: Pick<CompanyView, 'title'>, baseUrl: string): JsonLdObject {
  return {
    '@type': 'Organization',
    '@id': organizationId(baseUrl),
    name: company.title,
    logo: absoluteUrl(LOGO_PATH, baseUrl),
  };
}

/** The company (docs/product.md §3 company infos: ADDRESS, ZIP_CODE, CITY, PHONE, EMAIL_PRESS, LINKEDIN), its legal name and LEI (docs/decisions/059). */
export function organizationJsonLd(company: CompanyView, baseUrl: string, locale: Locale): JsonLdObject {
  const street = info(company, 'ADDRESS');
  const zip = info(company, 'ZIP_CODE');
  const city = info(company, 'CITY');
  const linkedIn = info(company, 'LINKEDIN');
  return compact({
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(baseUrl),
    name: company.title,
    url: absoluteUrl(`/${locale}`, baseUrl),
    // The house's stored logo (docs/decisions/062), else the site's own mark.
    logo: absoluteUrl(company.images.logo?.url ?? LOGO_PATH, baseUrl),
    slogan: company.baseline || undefined,
    address:
      street || zip || city
        ? compact({ '@type': 'PostalAddress', streetAddress: street, postalCode: zip, addressLocality: city, addressCountry: 'FR' })
        : undefined,
    telephone: info(company, 'PHONE'),
    // The general contact address when the house gave one, else the press office's.
    email: company.legal.contactEmail ?? info(company, 'EMAIL_PRESS'),
    legalName: company.legal.name,
    leiCode: company.legal.lei,
    sameAs: linkedIn ? [linkedIn] : undefined,
  });
}

/** A news article page (route type plain). */
export function newsArticleJsonLd(
  item: Pick<NewsItemView, 'title' | 'summary' | 'publishedAt' | 'route' | 'locale' | 'author' | 'category'>,
  company: Pick<CompanyView, 'title'>,
  baseUrl: string,
): JsonLdObject {
  const url = absoluteUrl(item.route, baseUrl);
  const publisher = organizationRef(company, baseUrl);
  return compact({
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: plainText(item.title),
    description: plainText(item.summary),
    datePublished: item.publishedAt,
    inLanguage: item.locale,
    url,
    mainEntityOfPage: url,
    articleSection: item.category.title,
    author: item.author ? { '@type': 'Person', name: item.author } : publisher,
    publisher,
  });
}

/** ISIN as a schema.org identifier (https://schema.org/identifier, PropertyValue). */
function isinIdentifier(isin: string): JsonLdObject {
  return { '@type': 'PropertyValue', propertyID: 'ISIN', value: isin };
}

type ShareInput = Pick<ShareView, 'name' | 'isinCode' | 'url' | 'managementGoal'>;

function shareNode(share: ShareInput, company: Pick<CompanyView, 'title'>, baseUrl: string): JsonLdObject {
  return compact({
    '@type': 'InvestmentFund',
    '@id': absoluteUrl(share.url, baseUrl),
    name: share.name,
    identifier: isinIdentifier(share.isinCode),
    url: absoluteUrl(share.url, baseUrl),
    description: plainText(share.managementGoal),
    provider: organizationRef(company, baseUrl),
  });
}

type FundInput = Pick<FundView, 'title' | 'description' | 'url' | 'category'> & { shares: ShareInput[] };

/** A fund page: the fund, managed by the company, and its share classes with their ISIN. */
export function fundJsonLd(fund: FundInput, company: Pick<CompanyView, 'title'>, baseUrl: string): JsonLdObject {
  const url = absoluteUrl(fund.url, baseUrl);
  return compact({
    '@context': CONTEXT,
    '@type': 'InvestmentFund',
    '@id': url,
    name: fund.title,
    description: plainText(fund.description),
    url,
    category: fund.category.title,
    provider: organizationRef(company, baseUrl),
    // Service.isRelatedTo: the share classes of the fund.
    isRelatedTo: fund.shares.map((s) => shareNode(s, company, baseUrl)),
  });
}

type SharePageInput = ShareInput & Partial<Pick<ShareView, 'currency' | 'lastPrice'>>;

/**
 * The last NAV as an offer (schema.org Offer): units are bought and sold at the NAV, in the share's currency,
 * from the NAV's date. A share without a NAV yet has no offer.
 */
function navOffer(share: SharePageInput, url: string): JsonLdObject | undefined {
  if (!share.lastPrice || !share.currency) return undefined;
  return {
    '@type': 'Offer',
    price: share.lastPrice.value,
    priceCurrency: share.currency.code,
    validFrom: share.lastPrice.date,
    url,
  };
}

/** A share page: the share class (an InvestmentFund, hence a FinancialProduct) with its ISIN, last NAV and fund. */
export function shareJsonLd(
  fund: Pick<FundView, 'title' | 'url'>,
  share: SharePageInput,
  company: Pick<CompanyView, 'title'>,
  baseUrl: string,
): JsonLdObject {
  const url = absoluteUrl(share.url, baseUrl);
  return compact({
    '@context': CONTEXT,
    ...shareNode(share, company, baseUrl),
    offers: navOffer(share, url),
    isRelatedTo: { '@type': 'InvestmentFund', '@id': absoluteUrl(fund.url, baseUrl), name: fund.title, url: absoluteUrl(fund.url, baseUrl) },
  });
}

/**
 * JSON for a <script type="application/ld+json">: `<`, `>` and `&` become \u escapes, so no text
 * (a "</script>" or "<!--" in a news title) can close the element or change how it is parsed; the
 * JSON value is unchanged. U+2028 and U+2029 are escaped too, for older JavaScript parsers.
 */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
