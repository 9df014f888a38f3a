import { notFound } from 'next/navigation';

/**
 * Where the proxy sends every unknown fund, share, article or category (src/proxy.ts,
 * docs/decisions/013): a page of its own, so that its translated 404 is rendered once per language
 * and profile and then served from Next's cache like any page, instead of being rendered again for
 * every unknown URL (≈ 50 ms of the server's time each, measured).
 */
export default function UnknownPage() {
  notFound();
}
