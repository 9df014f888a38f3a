import type { Locale } from '@/domain/language/locale';

export type LocalizedText = { fr: string; en?: string; es?: string };

/** The text in the visitor's language, falling back to French (docs/product.md §1: fr is the fallback). */
export function pick(text: LocalizedText, locale: Locale): string {
  const value = text[locale];
  return value !== undefined && value !== '' ? value : text.fr;
}

export function pickOrNull(text: LocalizedText | null | undefined, locale: Locale): string | null {
  return text ? pick(text, locale) : null;
}
