import 'server-only';
import { serializeJsonLd, type JsonLdObject } from './json-ld';

/**
 * Structured data for search engines, as Next's JSON-LD guide recommends: a plain <script> in the
 * page (not next/script: it is data, never executed, so the CSP's script nonces do not apply).
 */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
