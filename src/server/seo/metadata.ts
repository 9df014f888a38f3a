import 'server-only';
import type { Metadata } from 'next';
import { env, type Locale } from '@/env';
import type { CompanyImage, CompanyImages } from '@/domain/model';
import { absoluteUrl, hreflangLinks, orderedLocales, plainText, type LocalizedPaths } from './urls';

/** Open Graph locales (language_TERRITORY) of the site's languages. */
export const OG_LOCALES: Record<Locale, string> = { fr: 'fr_FR', en: 'en_GB', es: 'es_ES' };

export type MetadataImage = { url: string; width?: number; height?: number; alt?: string };

export type PageMetadataInput = {
  locale: Locale;
  title: string;
  description?: string | null;
  /** This page's localized path, e.g. '/fr/nous-connaitre'. */
  pathname: string;
  /** The same page in every language where it exists (alternatePaths of src/domain/routing/paths.ts). */
  alternates: LocalizedPaths;
  /** og:site_name: the company title. */
  siteName?: string | null;
  type?: 'website' | 'article';
  /** A site path or an absolute URL. */
  image?: string | MetadataImage | null;
  /** The house's social image (docs/decisions/062): the preview of a page that has no image of its own. */
  siteImage?: MetadataImage | null;
  /** Articles: the publication date (ISO). */
  publishedTime?: string | null;
};

/**
 * The metadata of one page: title, description, canonical URL, hreflang links, Open Graph and
 * Twitter card. Pure: every URL is made absolute with `baseUrl`, which defaults to PUBLIC_BASE_URL.
 */
export function buildPageMetadata(input: PageMetadataInput, baseUrl: string = env().PUBLIC_BASE_URL): Metadata {
  const { locale, title, pathname } = input;
  const description = input.description ? plainText(input.description) : '';
  const canonical = absoluteUrl(pathname, baseUrl);
  // A page is always one of its own language versions (hreflang links must reference themselves).
  const paths: LocalizedPaths = { ...input.alternates, [locale]: pathname };
  const languages = hreflangLinks(paths, baseUrl);
  const alternateLocale = orderedLocales(paths)
    .filter((l) => l !== locale)
    .map((l) => OG_LOCALES[l]);
  const chosen = input.image || input.siteImage;
  const image = chosen ? toImage(chosen, baseUrl) : null;

  const common = {
    url: canonical,
    title,
    ...(description ? { description } : {}),
    ...(input.siteName ? { siteName: input.siteName } : {}),
    locale: OG_LOCALES[locale],
    ...(alternateLocale.length > 0 ? { alternateLocale } : {}),
    ...(image ? { images: [image] } : {}),
  };
  const openGraph: Metadata['openGraph'] =
    input.type === 'article'
      ? { ...common, type: 'article', ...(input.publishedTime ? { publishedTime: input.publishedTime } : {}) }
      : { ...common, type: 'website' };

  return {
    title,
    ...(description ? { description } : {}),
    alternates: { canonical, languages },
    openGraph,
    twitter: {
      card: 'summary',
      title,
      ...(description ? { description } : {}),
      ...(image ? { images: [image.url] } : {}),
    },
  };
}

function toImage(image: string | MetadataImage, baseUrl: string): MetadataImage {
  const value = typeof image === 'string' ? { url: image } : image;
  return { ...value, url: absoluteUrl(value.url, baseUrl) };
}

/** The house's stored social image as a page's preview image (its text alternative the house's name), or null. */
export function socialImage(company: { title: string; images: CompanyImages } | null | undefined): MetadataImage | null {
  const social = company?.images.social;
  return social ? { url: social.url, width: Math.round(social.width), height: Math.round(social.height), alt: company.title } : null;
}

/**
 * The <link rel="icon"> of the house's stored favicon (docs/decisions/062), replacing the site's own
 * (src/app/icon.svg); a PNG of 180 px or more also serves Apple devices, else the site's apple-icon.
 * Null without one: Next then links the site's own files.
 */
export function faviconLinks(favicon: CompanyImage | null): NonNullable<Metadata['icons']> | null {
  if (!favicon) return null;
  const svg = favicon.contentType === 'image/svg+xml';
  const size = `${Math.round(favicon.width)}x${Math.round(favicon.height)}`;
  return {
    icon: [{ url: favicon.url, type: favicon.contentType, sizes: svg ? 'any' : size }],
    apple: [!svg && favicon.width >= 180 ? { url: favicon.url, type: favicon.contentType, sizes: size } : { url: '/apple-icon.png', type: 'image/png', sizes: '180x180' }],
  };
}

/** The root title: pages give their own title, shown as "Page | {the house's name}". */
export function siteTitleTemplate(companyTitle: string): { default: string; template: string } {
  return { default: companyTitle, template: `%s | ${companyTitle}` };
}
