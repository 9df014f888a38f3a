import { describe, expect, it } from 'vitest';
import { fundMenuItems, languageItems } from './menu-items';

describe('fundMenuItems', () => {
  const funds = [
    { slug: 'b', title: 'Fund B', categoryTitle: 'Equities', href: '/en/funds/b' },
    { slug: 'a', title: 'Fund A', categoryTitle: 'Bonds', href: '/en/funds/a' },
  ];
  const range = { href: '/en/fund-range', label: 'Fund range' };

  it('keeps the given order, shows the category, and ends with the fund range after a rule', () => {
    const items = fundMenuItems(funds, range);
    expect(items.map((i) => i.label)).toEqual(['Fund B', 'Fund A', 'Fund range']);
    expect(items[0]).toMatchObject({ description: 'Equities', href: '/en/funds/b' });
    expect(items[2]).toMatchObject({ href: '/en/fund-range', separatorBefore: true });
  });

  it('still offers the fund range when no fund is visible', () => {
    expect(fundMenuItems([], range)).toEqual([{ id: '__fund-range', label: 'Fund range', href: '/en/fund-range', separatorBefore: false }]);
  });
});

describe('languageItems', () => {
  it('links every language to /api/locale with its own name, lang and hreflang, marking the current one', () => {
    const items = languageItems(
      [
        { locale: 'fr', label: 'Français' },
        { locale: 'en', label: 'English' },
      ],
      'fr',
      '/fr/actualites?page=2',
    );
    expect(items).toEqual([
      { id: 'fr', label: 'Français', href: '/api/locale?to=fr&from=%2Ffr%2Factualites%3Fpage%3D2', nativeLink: true, lang: 'fr', hrefLang: 'fr', current: true },
      { id: 'en', label: 'English', href: '/api/locale?to=en&from=%2Ffr%2Factualites%3Fpage%3D2', nativeLink: true, lang: 'en', hrefLang: 'en', current: false },
    ]);
  });
});
