import type { Locale } from '@/env';
import type { DropdownLinkItem } from './dropdown';
import { localeSwitchHref } from './locale-switch';
import type { LayoutData } from '@/domain/content/layout';

/** The language items: full-page links to /api/locale, each named in its own language. */
export function languageItems(languages: LayoutData['languages'], current: Locale, from: string): DropdownLinkItem[] {
  return languages.map(({ locale, label }) => ({
    id: locale,
    label,
    href: localeSwitchHref(locale, from),
    nativeLink: true,
    lang: locale,
    hrefLang: locale,
    current: locale === current,
  }));
}
