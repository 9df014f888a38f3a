import { describe, expect, it } from 'vitest';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import { buildPageMetadata, siteTitleTemplate } from './metadata';

const BASE = 'https://www.aurore.example';

describe('buildPageMetadata', () => {
  const about = {
    locale: 'en' as const,
    title: 'About us',
    description: 'Who we are, <b>since 1990</b> &amp; beyond.',
    pathname: localizedPath('/about-us', 'en'),
    alternates: alternatePaths('/about-us', ['fr', 'en', 'es']),
    siteName: 'Aurore Gestion',
  };

  it('gives the canonical URL and the hreflang links of every language, x-default on French', () => {
    const meta = buildPageMetadata(about, BASE);
    expect(meta.alternates).toEqual({
      canonical: 'https://www.aurore.example/en/about-us',
      languages: {
        fr: 'https://www.aurore.example/fr/nous-connaitre',
        en: 'https://www.aurore.example/en/about-us',
        es: 'https://www.aurore.example/es/conocernos',
        'x-default': 'https://www.aurore.example/fr/nous-connaitre',
      },
    });
  });

  it('gives title, a plain-text description, Open Graph and a summary Twitter card', () => {
    const meta = buildPageMetadata(about, BASE);
    expect(meta.title).toBe('About us');
    expect(meta.description).toBe('Who we are, since 1990 & beyond.');
    expect(meta.openGraph).toEqual({
      type: 'website',
      url: 'https://www.aurore.example/en/about-us',
      title: 'About us',
      description: 'Who we are, since 1990 & beyond.',
      siteName: 'Aurore Gestion',
      locale: 'en_GB',
      alternateLocale: ['fr_FR', 'es_ES'],
    });
    expect(meta.twitter).toEqual({ card: 'summary', title: 'About us', description: 'Who we are, since 1990 & beyond.' });
  });

  it('puts x-default on the first version when there is no French one, and always lists the page itself', () => {
    const meta = buildPageMetadata(
      { locale: 'es', title: 'Noticia', pathname: '/es/noticias/uno', alternates: { en: '/en/news/one' } },
      `${BASE}/`,
    );
    expect(meta.alternates?.languages).toEqual({
      en: 'https://www.aurore.example/en/news/one',
      es: 'https://www.aurore.example/es/noticias/uno',
      'x-default': 'https://www.aurore.example/en/news/one',
    });
    expect(meta.description).toBeUndefined();
    expect(meta.openGraph).not.toHaveProperty('siteName');
  });

  it('describes an article with its date and an absolute image', () => {
    const meta = buildPageMetadata(
      {
        locale: 'fr',
        title: 'Un article',
        pathname: '/fr/actualites/un-article',
        alternates: { fr: '/fr/actualites/un-article' },
        type: 'article',
        publishedTime: '2024-03-01',
        image: { url: '/og/article.png', width: 1200, height: 630, alt: 'Illustration' },
      },
      BASE,
    );
    expect(meta.openGraph).toMatchObject({
      type: 'article',
      publishedTime: '2024-03-01',
      locale: 'fr_FR',
      images: [{ url: 'https://www.aurore.example/og/article.png', width: 1200, height: 630, alt: 'Illustration' }],
    });
    expect(meta.openGraph).not.toHaveProperty('alternateLocale');
    expect(meta.twitter).toMatchObject({ images: ['https://www.aurore.example/og/article.png'] });
  });

  it('reads the base URL from PUBLIC_BASE_URL by default', () => {
    const meta = buildPageMetadata({ locale: 'fr', title: 'Accueil', pathname: '/fr', alternates: {} });
    expect(meta.alternates?.canonical).toMatch(/^https?:\/\/[^/]+\/fr$/);
  });
});

describe('siteTitleTemplate', () => {
  it('suffixes page titles with the company name', () => {
    expect(siteTitleTemplate('Aurore Gestion')).toEqual({ default: 'Aurore Gestion', template: '%s | Aurore Gestion' });
  });
});
