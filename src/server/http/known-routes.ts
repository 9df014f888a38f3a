/**
 * The catalog of existing slugs, handed from the server (which loads it from the database, see
 * src/server/http/route-catalog.ts) to the proxy, which must not query the database itself. Both
 * run in one Node process; the proxy's bundle is not the pages', so the catalog lives on globalThis.
 */
import type { RouteCatalog } from '@/domain/routing/known-paths';

type Holder = { catalog?: RouteCatalog };
const holder = ((globalThis as { __fundhouseRouteCatalog?: Holder }).__fundhouseRouteCatalog ??= {});

/** The latest catalog, or undefined before the first load (the proxy then lets every path through). */
export function publishedRouteCatalog(): RouteCatalog | undefined {
  return holder.catalog;
}

export function publishRouteCatalog(catalog: RouteCatalog | undefined): void {
  holder.catalog = catalog;
}
