import { notFound } from 'next/navigation';
import { env } from '@/env';
import { siteParams, type SiteParams } from '@/server/http/route-params';

export const dynamic = 'force-dynamic';

/**
 * Fails on purpose, so the browser tests can see the server-error screen. It exists only when
 * ENABLE_ERROR_TEST_ROUTE is on (the test server); everywhere else it is a 404.
 */
export default async function ErrorTestPage({ params }: { params: Promise<SiteParams> }) {
  await siteParams(params);
  if (!env().ENABLE_ERROR_TEST_ROUTE) notFound();
  throw new Error('Deliberate failure of the error-test route');
}
