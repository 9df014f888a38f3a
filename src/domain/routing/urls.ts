import type { Locale } from '@/domain/language/locale';
import type { ShareDownload } from '../csv/share-downloads';
import { localizedPath } from './paths';
import type { ShareSubpage } from '../funds/share-pages';

export const fundPath = (locale: Locale, fundSlug: string) => localizedPath('/funds/[fundSlug]', locale, { fundSlug });

export const sharePath = (locale: Locale, fundSlug: string, shareSlug: string) =>
  localizedPath('/funds/[fundSlug]/shares/[shareSlug]', locale, { fundSlug, shareSlug });

/** A share's past-performance or performance-scenarios page (src/domain/funds/share-pages.ts). */
export const shareSubpagePath = (locale: Locale, fundSlug: string, shareSlug: string, page: ShareSubpage) =>
  localizedPath(`/funds/[fundSlug]/shares/[shareSlug]/${page}`, locale, { fundSlug, shareSlug });

/** The same, from the share page's own path: the regulatory pages live under it in every language. */
export const shareSubpageUrl = (shareUrl: string, page: ShareSubpage) => `${shareUrl}/${page}`;

/** Document routes (docs/product.md §2) are API routes outside the localized page table, the same in every language. */
export const fundDocumentPath = (locale: Locale, fundSlug: string, typeCode: string) =>
  `/e/${locale}/docs/funds/${encodeURIComponent(fundSlug)}/${typeCode}`;

export const shareDocumentPath = (locale: Locale, fundSlug: string, isin: string, typeCode: string) =>
  `/e/${locale}/docs/funds/${encodeURIComponent(fundSlug)}/${isin}/${typeCode}`;

/** The share page's CSV downloads (src/app/e/[locale]/data/…), outside the localized page table like documents. */
export const shareDataPath = (locale: Locale, fundSlug: string, isin: string, file: ShareDownload) =>
  `/e/${locale}/data/funds/${encodeURIComponent(fundSlug)}/${isin}/${file}`;
