import type { Locale } from '@/env';

/** Fund, share and document paths are the same in every language (SPEC §2): no routing table lookup needed. */
export const fundPath = (locale: Locale, fundSlug: string) => `/${locale}/funds/${encodeURIComponent(fundSlug)}`;

export const sharePath = (locale: Locale, fundSlug: string, shareSlug: string) =>
  `${fundPath(locale, fundSlug)}/shares/${encodeURIComponent(shareSlug)}`;

export const fundDocumentPath = (locale: Locale, fundSlug: string, typeCode: string) =>
  `/e/${locale}/docs/funds/${encodeURIComponent(fundSlug)}/${typeCode}`;

export const shareDocumentPath = (locale: Locale, fundSlug: string, isin: string, typeCode: string) =>
  `/e/${locale}/docs/funds/${encodeURIComponent(fundSlug)}/${isin}/${typeCode}`;
