import { notFound } from 'next/navigation';
import { env } from '@/env';
import { siteParams, type SiteParams } from '@/server/http/route-params';

export const dynamic = 'force-dynamic';

/** A label the browser tests add (`?case=alert-…`) to make their failure a distinct error for the alert throttle. */
const CASE = /^[a-z0-9-]{1,40}$/;

/**
 * Fails on purpose, so the browser tests can see the server-error screen and the alert it raises.
 * It exists only when ENABLE_ERROR_TEST_ROUTE is on (the test server); everywhere else it is a 404.
 */
export default async function ErrorTestPage({ params, searchParams }: { params: Promise<SiteParams>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await siteParams(params);
  if (!env().ENABLE_ERROR_TEST_ROUTE) notFound();
  const label = (await searchParams).case;
  const tag = typeof label === 'string' && CASE.test(label) ? ` (${label})` : '';
  throw new Error(`Deliberate failure of the error-test route${tag}`);
}
