import { describe, expect, it } from 'vitest';
import { alternatePaths, localizedPath } from './paths';

describe('localizedPath (docs/product.md §2 routes)', () => {
  it('gives every localized page path of the specification', () => {
    const table: [Parameters<typeof localizedPath>[0], string, string, string][] = [
      ['/about-us', '/fr/nous-connaitre', '/en/about-us', '/es/conocernos'],
      ['/accessibility', '/fr/accessibilite', '/en/accessibility', '/es/accesibilidad'],
      ['/contact', '/fr/contact', '/en/contact', '/es/contacto'],
      ['/esg', '/fr/esg', '/en/esg', '/es/asg'],
      ['/expertise', '/fr/expertise', '/en/expertise', '/es/experticia'],
      ['/fund-range', '/fr/gamme-fonds', '/en/fund-range', '/es/nuestros-fondos'],
      ['/gdpr', '/fr/confidentialite', '/en/gdpr', '/es/gdpr'],
      ['/legal-notices', '/fr/mentions-legales', '/en/legal-notices', '/es/legal-notices'],
      ['/news', '/fr/actualites', '/en/news', '/es/noticias'],
      ['/regulatory-informations', '/fr/informations-reglementaires', '/en/regulatory-informations', '/es/regulatory-informations'],
      ['/responsible-investment', '/fr/investissement-responsable', '/en/responsible-investment', '/es/inversion-responsable'],
      ['/team', '/fr/equipes', '/en/team', '/es/equipo'],
      ['/', '/fr', '/en', '/es'],
    ];
    for (const [key, fr, en, es] of table) {
      expect([localizedPath(key, 'fr'), localizedPath(key, 'en'), localizedPath(key, 'es')]).toEqual([fr, en, es]);
    }
  });

  it('fills and encodes parameters', () => {
    expect(localizedPath('/news/c/[category]', 'fr', { category: 'esg' })).toBe('/fr/actualites/c/esg');
    expect(localizedPath('/news/[slug]', 'es', { slug: 'a b' })).toBe('/es/noticias/a%20b');
    expect(localizedPath('/funds/[fundSlug]/shares/[shareSlug]', 'en', { fundSlug: 'f', shareSlug: 's' })).toBe('/en/funds/f/shares/s');
    expect(() => localizedPath('/news/[slug]', 'fr')).toThrow(/missing parameter slug/);
  });

  it('builds alternates, leaving out a language without a translation', () => {
    expect(alternatePaths('/news/[slug]', ['fr', 'en', 'es'], (l) => (l === 'es' ? null : { slug: `s-${l}` }))).toEqual({
      fr: '/fr/actualites/s-fr',
      en: '/en/news/s-en',
    });
  });
});
