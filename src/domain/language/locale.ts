/** The languages the site can serve (docs/product.md §1, §9); `LOCALES` may narrow them (src/env.ts). */
export const SUPPORTED_LOCALES = ['fr', 'en', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
