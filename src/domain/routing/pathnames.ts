import type { Locale } from '../language/locale';

/**
 * The localized paths of the site (docs/product.md §2): the keys are the folder names under
 * src/app/[locale], the values the paths visitors see. Plain data, so pure code builds links from it;
 * src/i18n/routing.ts hands the same table to next-intl.
 */
export const PATHNAMES = {
  '/': '/',
  '/about-us': { fr: '/nous-connaitre', en: '/about-us', es: '/conocernos' },
  // The accessibility statement, linked from every footer (Directive (EU) 2019/882).
  '/accessibility': { fr: '/accessibilite', en: '/accessibility', es: '/accesibilidad' },
  '/contact': { fr: '/contact', en: '/contact', es: '/contacto' },
  '/esg': { fr: '/esg', en: '/esg', es: '/asg' },
  '/expertise': { fr: '/expertise', en: '/expertise', es: '/experticia' },
  '/fund-range': { fr: '/gamme-fonds', en: '/fund-range', es: '/nuestros-fondos' },
  '/gdpr': { fr: '/confidentialite', en: '/gdpr', es: '/gdpr' },
  '/legal-notices': { fr: '/mentions-legales', en: '/legal-notices', es: '/legal-notices' },
  '/news': { fr: '/actualites', en: '/news', es: '/noticias' },
  '/news/c/[category]': { fr: '/actualites/c/[category]', en: '/news/c/[category]', es: '/noticias/c/[category]' },
  // Pages 2, 3… of the news list, unfiltered and per category: in the path, so each is cached.
  '/news/page/[page]': { fr: '/actualites/page/[page]', en: '/news/page/[page]', es: '/noticias/pagina/[page]' },
  '/news/c/[category]/page/[page]': {
    fr: '/actualites/c/[category]/page/[page]',
    en: '/news/c/[category]/page/[page]',
    es: '/noticias/c/[category]/pagina/[page]',
  },
  '/news/[slug]': { fr: '/actualites/[slug]', en: '/news/[slug]', es: '/noticias/[slug]' },
  '/news/[slug]/doc': '/news/[slug]/doc',
  '/regulatory-informations': {
    fr: '/informations-reglementaires',
    en: '/regulatory-informations',
    es: '/regulatory-informations',
  },
  '/responsible-investment': {
    fr: '/investissement-responsable',
    en: '/responsible-investment',
    es: '/inversion-responsable',
  },
  // docs/product.md §1: the career and subscribe forms; their paths are ours (docs/product.md §2 does not list them).
  '/careers': { fr: '/carrieres', en: '/careers', es: '/empleo' },
  '/subscribe': { fr: '/souscrire', en: '/subscribe', es: '/suscribir' },
  // The document library (docs/decisions/032): its filters are the query string, its archive view ?archive=1.
  '/documents': { fr: '/documents', en: '/documents', es: '/documentos' },
  // Every fund's shareholder notices (issue 34): filtered by ?fund=…&type=…, paged by ?page=….
  '/shareholder-notices': { fr: '/avis-aux-porteurs', en: '/shareholder-notices', es: '/avisos-a-los-participes' },
  // A country's "Information for investors in {country}" page (docs/decisions/035): the code in lower case, /fr/informations-investisseurs/ch.
  '/investor-information/[country]': { fr: '/informations-investisseurs/[country]', en: '/investor-information/[country]', es: '/informacion-inversores/[country]' },
  // The newsletter's unsubscribe link (?token=…): no-index, never cached, out of the sitemap.
  '/unsubscribe': { fr: '/desabonnement', en: '/unsubscribe', es: '/baja' },
  // The fund alerts' manage page (?token=…, the link of every alert mail): no-index, never cached, out of the sitemap.
  '/alerts': { fr: '/alertes', en: '/alerts', es: '/alertas' },
  // docs/product.md §2: the team path exists in the configuration; its screen is not part of the product.
  '/team': { fr: '/equipes', en: '/team', es: '/equipo' },
  '/funds': '/funds',
  '/funds/[fundSlug]': '/funds/[fundSlug]',
  // The fund page's tabs other than the overview (src/domain/funds/tabs.ts); the static `shares` segment wins.
  '/funds/[fundSlug]/[tab]': '/funds/[fundSlug]/[tab]',
  '/funds/[fundSlug]/shares/[shareSlug]': '/funds/[fundSlug]/shares/[shareSlug]',
  // The share's regulatory pages a KID points to (src/domain/funds/share-pages.ts).
  '/funds/[fundSlug]/shares/[shareSlug]/past-performance': '/funds/[fundSlug]/shares/[shareSlug]/past-performance',
  '/funds/[fundSlug]/shares/[shareSlug]/performance-scenarios': '/funds/[fundSlug]/shares/[shareSlug]/performance-scenarios',
} satisfies Record<string, string | Record<Locale, string>>;

export type AppPathname = keyof typeof PATHNAMES;
