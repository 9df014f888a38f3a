import 'server-only';
import type { MetadataRoute } from 'next';
import { env } from '@/env';
import { absoluteUrl } from './urls';

/** Machine endpoints that are not pages: the API, GraphQL and the content queries. */
export const DISALLOWED_PATHS = ['/api/', '/graphql', '/_content/'];

export function robotsFor(baseUrl: string): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: DISALLOWED_PATHS },
    sitemap: absoluteUrl('/sitemap.xml', baseUrl),
  };
}

export function siteRobots(): MetadataRoute.Robots {
  return robotsFor(env().PUBLIC_BASE_URL);
}
