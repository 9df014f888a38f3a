import type { Locale } from '@/env';
import type complianceMessages from '../../../messages/compliance/en.json';
import { lazyModule } from '@/components/layout/lazy-module';

/** One language's texts of the compliance area (messages/compliance/{locale}.json): the disclaimer's and the consent's. */
export type ComplianceMessages = typeof complianceMessages;

/**
 * The disclaimer popup's and the cookie notice's texts travel with their code, as chunks fetched
 * when one of them must open, rather than serialized into every page (issue 24, docs/decisions/039):
 * a returning visitor, who sees neither, never downloads them. Every language at once, since the
 * popup switches its texts on the spot (docs/product.md §4).
 */
const loaders: Record<Locale, () => Promise<{ default: ComplianceMessages }>> = {
  fr: () => import('../../../messages/compliance/fr.json'),
  en: () => import('../../../messages/compliance/en.json'),
  es: () => import('../../../messages/compliance/es.json'),
};

export const complianceTexts = lazyModule(async () => {
  const entries = await Promise.all(Object.entries(loaders).map(async ([locale, load]) => [locale, (await load()).default] as const));
  return Object.fromEntries(entries) as Record<Locale, ComplianceMessages>;
});
