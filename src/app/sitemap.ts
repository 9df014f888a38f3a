import type { MetadataRoute } from 'next';
import { siteSitemap } from '@/server/seo/sitemap';

/**
 * sitemap.ts is a route handler that Next prerenders at build time unless it opts out, and the
 * database is not there during `next build`: force-dynamic keeps it out of the build. The entries
 * are cached for an hour in Next's data cache instead (unstable_cache in src/server/seo/sitemap.ts),
 * so crawlers do not cost a database walk each.
 */
export const dynamic = 'force-dynamic';

export default function sitemap(): Promise<MetadataRoute.Sitemap> {
  return siteSitemap();
}
