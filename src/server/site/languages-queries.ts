import 'server-only';
import { asc } from 'drizzle-orm';
import type { Locale } from '@/domain/language/locale';
import { offeredFrom } from '@/domain/language/offered';
import type { LocalizedValue } from '@/domain/content/page-edit';
import { registerMemoryCache } from '@/server/cache/registry';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

/**
 * The languages the house offers (issue 43, docs/decisions/061): the `language` rows with
 * `offered`, in `position` order, the first the site's default and fallback language.
 */
export async function loadOfferedLocales(db: Executor): Promise<Locale[]> {
  const rows = await db.select({ locale: t.languages.locale, offered: t.languages.offered, position: t.languages.position }).from(t.languages);
  return offeredFrom(rows);
}

type Holder = { offered?: Promise<Locale[]> };
const holder = ((globalThis as { __fundhouseOfferedLocales?: Holder }).__fundhouseOfferedLocales ??= {});

registerMemoryCache({
  name: 'offered languages',
  holds: 'the languages the house offers, in its order (src/server/site/languages-queries.ts), read again after any publication',
  invalidatedBy: '*',
  clear: () => {
    holder.offered = undefined;
  },
});

/**
 * The offered languages for every reader on the server (pages, metadata, sitemap, feeds): kept in
 * memory, read again after the next publication. A failed read is not kept.
 */
export function offeredLocales(): Promise<readonly Locale[]> {
  holder.offered ??= getDb()
    .then(loadOfferedLocales)
    .catch((error: unknown) => {
      holder.offered = undefined;
      throw error;
    });
  return holder.offered;
}

/** The site's default and fallback language: the first offered. */
export async function defaultLocale(): Promise<Locale> {
  return (await offeredLocales())[0] as Locale;
}

/** Whether a path's language is one the house offers (else: 404). */
export async function isOfferedLocale(value: string): Promise<boolean> {
  return (await offeredLocales()).includes(value as Locale);
}

export type LanguageRow = { locale: string; title: LocalizedValue; offered: boolean };
export type CountryChoiceRow = { code: string; title: LocalizedValue; locales: string[]; served: boolean };

/** The back-office's languages and countries screen: every language in its order, every country with whether it is served. */
export async function languagesForStaff(db: Executor): Promise<{ languages: LanguageRow[]; countries: CountryChoiceRow[] }> {
  const [languages, countries] = await Promise.all([
    db.select({ locale: t.languages.locale, title: t.languages.title, offered: t.languages.offered }).from(t.languages).orderBy(asc(t.languages.position), asc(t.languages.locale)),
    db
      .select({ code: t.countries.code, title: t.countries.title, locales: t.countries.locales, served: t.countries.served })
      .from(t.countries)
      .orderBy(asc(t.countries.position), asc(t.countries.code)),
  ]);
  return { languages: languages.map((l) => ({ ...l, title: l.title as LocalizedValue })), countries: countries.map((c) => ({ ...c, title: c.title as LocalizedValue })) };
}

/** What the house offers now, as a change of kind `languages.save` states it (the door hashes and compares it). */
export async function languageChoiceState(db: Executor): Promise<{ languages: string[]; countries: string[] }> {
  const { languages, countries } = await languagesForStaff(db);
  return { languages: languages.filter((l) => l.offered).map((l) => l.locale), countries: countries.filter((c) => c.served).map((c) => c.code) };
}
