/**
 * `npm run varnish:vcl`: writes the generated blocks of deploy/varnish.vcl (each between its two marker
 * lines): the audience from src/domain/cache/audience-key.ts, the one table of what the shared cache
 * keys a page on (docs/decisions/056), and the query string from src/domain/cache/query-key.ts, the
 * parameters each route reads (docs/decisions/063). Run it after changing a cookie name, a profile, a
 * locale, the consent format, a route's path or a parameter a page reads; scripts/varnish-vcl.test.ts
 * fails while the file and the tables differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withAudienceVcl } from '@/domain/cache/audience-key';
import { withQueryVcl } from '@/domain/cache/query-key';

export const VCL_FILE = path.resolve(import.meta.dirname, '..', 'deploy', 'varnish.vcl');

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const before = readFileSync(VCL_FILE, 'utf8');
  const after = withQueryVcl(withAudienceVcl(before));
  if (after === before) {
    console.info('deploy/varnish.vcl is up to date.');
  } else {
    writeFileSync(VCL_FILE, after);
    console.info('deploy/varnish.vcl: generated blocks written.');
  }
}
