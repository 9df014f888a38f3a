import { describe, expect, it } from 'vitest';
import { languageItems } from './menu-items';

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
