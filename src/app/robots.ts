import type { MetadataRoute } from 'next';
import { siteRobots } from '@/server/seo/robots';

/**
 * No database here, but the sitemap URL comes from PUBLIC_BASE_URL, which is read when the process
 * starts: rendered on request (a few bytes), robots.txt names the deployed host, not the build's.
 */
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return siteRobots();
}
