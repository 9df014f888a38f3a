import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/**
 * The layers (docs/product.md "Layers"): routes (src/app) → server (src/server) → components
 * (src/components) → domain (src/domain). An import that runs the wrong way is an error, whether it is
 * written with the `@/` alias or as a relative path. Each entry is one `no-restricted-imports` pattern.
 */
const layer = (folders, message) => ({
  regex: `^(?:@/|(?:\\.\\./)+)(?:${folders.join('|')})(?:/|$)`,
  message,
});

export const LAYER_RULES = [
  {
    files: ['src/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(['app', 'components', 'server', 'graphql', 'i18n', 'env'], 'src/domain is pure: no routes, components, server code, i18n or environment (move the code, or pass the value in).'),
            { regex: '^(?:react|react-dom|next|next-intl)(?:/|$)', message: 'src/domain is pure: no React, Next or next-intl.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['server', 'app'], 'src/components never imports server code or routes: receive the data as props (types live in src/domain, GraphQL documents in src/graphql).')] },
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['components', 'app'], 'src/server renders nothing and knows no route: page bodies live next to their routes in src/app, shared types in src/domain.')] },
      ],
    },
  },
  {
    // What runs in production around Next (runtime/: the server, its helpers, the cache handler) and the
    // Next configuration that loads it: never a command-line tool, bench or test harness of scripts/.
    files: ['runtime/**/*.{mjs,mts,ts}', 'next.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?:\\.\\.?/)+scripts(?:/|$)', message: 'runtime/ and next.config.ts load nothing from scripts/ (command-line tools, benches, the resilience suite): a module the server needs lives in runtime/.' }] },
      ],
    },
  },
];

/**
 * The back-office draws its tables and controls with the primitives of src/components/ui (Table,
 * TableGrid, Button, Input, Select, Textarea…; decision 052): a raw element in a screen or an admin
 * component is an error. A raw element a primitive needs lives in src/components/ui.
 */
export const RAW_ELEMENTS = ['table', 'button', 'input', 'select', 'textarea'];
export const UI_PRIMITIVE_RULES = [
  {
    files: ['src/app/admin/**/*.{ts,tsx}', 'src/components/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXOpeningElement[name.name=/^(?:${RAW_ELEMENTS.join('|')})$/]`,
          message: 'The back-office draws tables and controls with src/components/ui (Table or TableGrid, Button, Input, Select, Textarea), not raw elements.',
        },
      ],
    },
  },
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'src/server/db/migrations/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...LAYER_RULES,
  ...UI_PRIMITIVE_RULES,
];

export default config;
