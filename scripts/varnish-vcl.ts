/**
 * `npm run varnish:vcl`: writes the audience block of deploy/varnish.vcl (between its two marker lines)
 * from src/domain/cache/audience-key.ts, the one table of what the shared cache keys a page on
 * (docs/decisions/056). Run it after changing a cookie name, a profile, a locale or the consent format;
 * scripts/varnish-vcl.test.ts fails while the file and the table differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withAudienceVcl } from '@/domain/cache/audience-key';

export const VCL_FILE = path.resolve(import.meta.dirname, '..', 'deploy', 'varnish.vcl');

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const before = readFileSync(VCL_FILE, 'utf8');
  const after = withAudienceVcl(before);
  if (after === before) {
    console.info('deploy/varnish.vcl is up to date.');
  } else {
    writeFileSync(VCL_FILE, after);
    console.info('deploy/varnish.vcl: audience block written.');
  }
}
