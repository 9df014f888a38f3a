import { describe, expect, it } from 'vitest';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import { buildPageMetadata, faviconLinks, siteTitleTemplate, socialImage } from './metadata';

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

describe('the house’s images in the metadata (docs/decisions/062)', () => {
  const social = { url: '/brand/social.0123456789abcdef.jpg', contentType: 'image/jpeg', width: 1200, height: 630 };
  const company = { title: 'Aurore Gestion', images: { logo: null, favicon: null, social } };

  it('gives a page without an image of its own the house’s social image, absolute, as og:image and twitter:image', () => {
    const meta = buildPageMetadata({ locale: 'fr', title: 'Accueil', pathname: '/fr', alternates: {}, siteImage: socialImage(company) }, BASE);
    expect(meta.openGraph?.images).toEqual([{ url: `${BASE}/brand/social.0123456789abcdef.jpg`, width: 1200, height: 630, alt: 'Aurore Gestion' }]);
    expect(meta.twitter?.images).toEqual([`${BASE}/brand/social.0123456789abcdef.jpg`]);
    // A page's own image wins; without a stored social image there is none.
    const own = buildPageMetadata({ locale: 'fr', title: 'Article', pathname: '/fr/a', alternates: {}, image: '/x.png', siteImage: socialImage(company) }, BASE);
    expect(own.openGraph?.images).toEqual([{ url: `${BASE}/x.png` }]);
    expect(buildPageMetadata({ locale: 'fr', title: 'Accueil', pathname: '/fr', alternates: {}, siteImage: socialImage({ ...company, images: { ...company.images, social: null } }) }, BASE).openGraph).not.toHaveProperty('images');
  });

  it('links the stored favicon as the icon, a large PNG also for Apple devices, else the site’s apple-icon', () => {
    expect(faviconLinks(null)).toBeNull();
    expect(faviconLinks({ url: '/brand/favicon.0123456789abcdef.svg', contentType: 'image/svg+xml', width: 32, height: 32 })).toEqual({
      icon: [{ url: '/brand/favicon.0123456789abcdef.svg', type: 'image/svg+xml', sizes: 'any' }],
      apple: [{ url: '/apple-icon.png', type: 'image/png', sizes: '180x180' }],
    });
    expect(faviconLinks({ url: '/brand/favicon.0123456789abcdef.png', contentType: 'image/png', width: 192, height: 192 })).toEqual({
      icon: [{ url: '/brand/favicon.0123456789abcdef.png', type: 'image/png', sizes: '192x192' }],
      apple: [{ url: '/brand/favicon.0123456789abcdef.png', type: 'image/png', sizes: '192x192' }],
    });
  });
});
