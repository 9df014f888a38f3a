import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { legacyNewsPageRedirects } from './src/i18n/legacy-redirects';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  // The browser tests' second server reads its own copy of the build (scripts/e2e-build-copy.sh).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // scripts/test.sh has just run tsc over the whole tree before it builds: no second type check.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  // PGlite loads its WASM and data files from its own folder: bundling it breaks every query in production.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  // Next's own file-system cache, which also remembers each page's cache tags for the shared cache's
  // purge by tag (runtime/page-tags-cache-handler.mjs, docs/decisions/056).
  // Next runs from the project's folder (`next build`, runtime/server.mjs).
  cacheHandler: path.resolve('runtime/page-tags-cache-handler.mjs'),
  // runtime/server.mjs compresses and sets ETags itself, once per distinct body (runtime/compressed-responses.mjs).
  compress: false,
  generateEtags: false,
  reactStrictMode: true,
  // forbidden() answers 403 with src/app/admin/forbidden.tsx (back-office role checks).
  // Back-office uploads are server actions (src/app/admin/(staff)/funds/_actions.tsx): a PDF of up to 20 MB
  // (MAX_DOCUMENT_BYTES) or a CSV of up to 16 MB (IMPORT_LIMITS), plus the multipart envelope. Next's
  // defaults (1 MB for an action, 10 MB through the proxy) would refuse them; the services check the
  // exact limits themselves. The server's own readBody cap (forms, API) does not apply to actions.
  // Turbopack keeps its build cache in .next/cache for the next build; a CI run builds once on a
  // fresh clone and never reads it again, so it does not spend the 17 s writing it (clean-clone log).
  experimental: {
    authInterrupts: true,
    serverActions: { bodySizeLimit: '21mb' },
    proxyClientMaxBodySize: '21mb',
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
  },
  // The migrations are read from disk at start; keep them next to a standalone build too.
  outputFileTracingIncludes: { '/*': ['./src/server/db/migrations/**/*'] },
  // Old news list addresses (?page=N) lead to the pages now in the path.
  async redirects() {
    return legacyNewsPageRedirects();
  },
};

export default withNextIntl(nextConfig);
