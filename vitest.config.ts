import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)), 'server-only': fileURLToPath(new URL('./tests/setup/server-only.ts', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // One test file per core: this Vitest's default is one fewer, a single worker on a 2-core CI
    // machine, where the integration files (each loads its own PGlite) then ran one after another.
    maxWorkers: '100%',
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'runtime/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // next-intl's ESM imports 'next/server' without an extension, which Node alone cannot resolve.
          server: { deps: { inline: ['next-intl'] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'scripts/**/*.int.test.ts', 'tests/integration/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-db.ts'],
          setupFiles: ['tests/setup/db-per-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file has a database of its own, on PGlite and PostgreSQL alike (tests/setup/db-per-file.ts).
          // The proxy's next-intl, as in the unit project (tests/integration/offered-languages.int.test.ts runs the proxy).
          server: { deps: { inline: ['next-intl'] } },
        },
      },
    ],
  },
});
