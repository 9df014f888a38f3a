/**
 * `tsx --import ./scripts/resilience/server-only-hook.mjs …`: server code outside Next without the
 * react-server condition. Under that condition `next-intl` (the approval service's mails import it)
 * loads React's server build, which has no hooks, and fails in plain Node; without it, the
 * `server-only` marker throws. This hook makes the marker an empty module, as the react-server
 * condition (and the tests' alias, vitest.config.ts) do.
 */
import { register } from 'node:module';

const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,export {};', shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
