import type { Locale } from '@/env';
import type { DropdownItem, DropdownLinkItem } from './dropdown';
import { localeSwitchHref } from './locale-switch';
import type { LayoutData } from '@/domain/layout';

/** The funds dropdown: every fund in the given order (docs/product.md §9 sort), with its category, then the fund range. */
export function fundMenuItems(funds: LayoutData['funds'], fundRange: LayoutData['fundRange']): DropdownItem[] {
  return [
    ...funds.map((fund) => ({ id: fund.slug, label: fund.title, description: fund.categoryTitle, href: fund.href })),
    { id: '__fund-range', label: fundRange.label, href: fundRange.href, separatorBefore: funds.length > 0 },
  ];
}

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
