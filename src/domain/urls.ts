import type { Locale } from '@/domain/locale';
import { localizedPath } from './paths';

export const fundPath = (locale: Locale, fundSlug: string) => localizedPath('/funds/[fundSlug]', locale, { fundSlug });

export const sharePath = (locale: Locale, fundSlug: string, shareSlug: string) =>
  localizedPath('/funds/[fundSlug]/shares/[shareSlug]', locale, { fundSlug, shareSlug });

/** Document routes (docs/product.md §2) are API routes outside the localized page table, the same in every language. */
export const fundDocumentPath = (locale: Locale, fundSlug: string, typeCode: string) =>
  `/e/${locale}/docs/funds/${encodeURIComponent(fundSlug)}/${typeCode}`;

export const shareDocumentPath = (locale: Locale, fundSlug: string, isin: string, typeCode: string) =>
  `/e/${locale}/docs/funds/${encodeURIComponent(fundSlug)}/${isin}/${typeCode}`;

/** The share page's CSV downloads (src/app/e/[locale]/data/…), outside the localized page table like documents. */
export const shareDataPath = (locale: Locale, fundSlug: string, isin: string, file: 'nav-history.csv' | 'performance.csv') =>
  `/e/${locale}/data/funds/${encodeURIComponent(fundSlug)}/${isin}/${file}`;
