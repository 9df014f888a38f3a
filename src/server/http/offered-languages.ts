/**
 * The languages the house offers, handed from the server (which reads them from the database with the
 * route catalog, src/server/http/route-catalog.ts) to the proxy, which must not query the database:
 * its locale negotiation, the redirect of `/` to the default language and the 404 of a path in a
 * language not offered follow them (docs/decisions/061). Both run in one Node process; the proxy's
 * bundle is not the pages', so the list lives on globalThis.
 */
import { SUPPORTED_LOCALES, type Locale } from '@/domain/language/locale';

type Holder = { locales?: readonly Locale[] };
const holder = ((globalThis as { __fundhouseOfferedLanguages?: Holder }).__fundhouseOfferedLanguages ??= {});

/** The offered languages, the first the default; before the server's first load, every shipped one. */
export function publishedOfferedLanguages(): readonly Locale[] {
  return holder.locales ?? SUPPORTED_LOCALES;
}

export function publishOfferedLanguages(locales: readonly Locale[] | undefined): void {
  holder.locales = locales && locales.length > 0 ? [...locales] : undefined;
}
