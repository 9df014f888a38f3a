/**
 * The regulatory pages under a share page (Delegated Regulation (EU) 2017/653, art. 8 and Annex VIII), which a KID
 * points to: /{locale}/funds/{fund}/shares/{share}/past-performance and …/performance-scenarios. Their folder names
 * under src/app/[locale]/[profile]/funds/[fundSlug]/shares/[shareSlug]/ are these segments, the same in every language
 * as the share page's path is.
 */
export const SHARE_SUBPAGES = ['past-performance', 'performance-scenarios'] as const;
export type ShareSubpage = (typeof SHARE_SUBPAGES)[number];

export function isShareSubpage(value: string | undefined): value is ShareSubpage {
  return value !== undefined && (SHARE_SUBPAGES as readonly string[]).includes(value);
}
