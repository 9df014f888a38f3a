import 'server-only';
import type { Executor } from '@/server/db/types';
import { asc, eq, inArray } from 'drizzle-orm';
import { cache } from 'react';
import type { Locale } from '@/env';
import { isLinkTextCode, LINK_INFO_CODES, isSafeLink } from '@/domain/content/link-target';
import { pick } from '@/domain/language/localize';
import { countryLocales } from '@/domain/language/offered';
import { isHexColour, isValidLei } from '@/domain/content/house-identity';
import type { CompanyImage, CompanyView, PageView } from '@/domain/model';
import { localizedPath } from '@/domain/routing/paths';
import { PAGE_PATHNAMES } from '@/i18n/routing';
import { COMPANY_TAG, pageTag } from '@/domain/content/cache-tags';
import { markTags } from '@/server/cache/tags';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import { houseImages, type HouseImageRef } from '@/server/house-images/queries';
import { offeredLocales } from './languages-queries';

/** The localized route of a server page (docs/product.md §3 Page.route), from the one routing table. */
function pageRoute(code: string, locale: Locale): string | null {
  const key = PAGE_PATHNAMES[code as keyof typeof PAGE_PATHNAMES];
  return key ? localizedPath(key, locale) : null;
}

/** docs/product.md §7 pages(locale, codes): codes empty or absent means every page. */
export async function listPages(locale: Locale, codes?: readonly string[] | null): Promise<PageView[]> {
  const db = await getDb();
  const filter = codes && codes.length > 0 ? inArray(t.pages.code, [...codes]) : undefined;
  const pageRows = await db.select().from(t.pages).where(filter).orderBy(asc(t.pages.position));
  if (pageRows.length === 0) return [];
  const pageCodes = pageRows.map((p) => p.code);
  const components = await db
    .select()
    .from(t.pageComponents)
    .where(inArray(t.pageComponents.pageCode, pageCodes))
    .orderBy(asc(t.pageComponents.position));
  const texts = components.length
    ? await db
        .select()
        .from(t.componentTexts)
        .where(
          inArray(
            t.componentTexts.componentId,
            components.map((c) => c.id),
          ),
        )
        .orderBy(asc(t.componentTexts.position))
    : [];
  return pageRows.map((page) => ({
    code: page.code,
    title: pick(page.title, locale),
    description: pick(page.description, locale),
    route: pageRoute(page.code, locale),
    components: components
      .filter((c) => c.pageCode === page.code)
      .map((c) => ({
        code: c.code,
        // A link text that is not a safe link (planted in the database, or stored before the rule) is not served.
        texts: texts
          .filter((x) => x.componentId === c.id)
          .map((x) => ({ code: x.code, content: pick(x.content, locale) }))
          .filter((x) => !isLinkTextCode(x.code) || isSafeLink(x.content)),
      })),
  }));
}

/** One content page; the page being rendered carries its tag (a change of that page expires it). */
export async function getPage(locale: Locale, code: string): Promise<PageView | null> {
  const [[page]] = await Promise.all([listPages(locale, [code]), markTags([pageTag(code)])]);
  return page ?? null;
}

export type Disclaimers = { title: string; main: string; pastPerformance: string };

/**
 * The disclaimers of a language (docs/product.md §3): the general-conditions text the popup shows and the
 * past-performance warning ('performances-passees') every page with performance figures shows.
 * Read once per render: the layout (popup) and the page (warning) both ask for it.
 */
export const getDisclaimers = cache(async (locale: Locale): Promise<Disclaimers> => {
  const page = await getPage(locale, 'disclaimers');
  const texts = page?.components.flatMap((c) => c.texts) ?? [];
  const text = (code: string) => texts.find((x) => x.code === code)?.content ?? '';
  return { title: text('title') || (page?.title ?? ''), main: text('main'), pastPerformance: text('performances-passees') };
});

/**
 * The public read of the company: its arguments only (a cache may key on them), the process's
 * database; it tags the page being rendered with the company (publication by tags, decision 044).
 */
export async function getCompany(locale: Locale): Promise<CompanyView | null> {
  const [company] = await Promise.all([readCompany(await getDb(), locale), markTags([COMPANY_TAG])]);
  return company;
}

export async function readCompany(db: Executor, locale: Locale): Promise<CompanyView | null> {
  const [[row], infos, figures, images] = await Promise.all([
    db.select().from(t.company).limit(1),
    db.select().from(t.companyInfos).orderBy(asc(t.companyInfos.position)),
    db.select().from(t.keyFigures).orderBy(asc(t.keyFigures.position)),
    houseImages(db),
  ]);
  const image = (ref: HouseImageRef | null): CompanyImage | null => (ref ? { url: ref.url, contentType: ref.contentType, width: ref.width, height: ref.height } : null);
  if (!row) return null;
  return {
    title: pick(row.title, locale),
    baseline: pick(row.baseline, locale),
    subBaseline: pick(row.subBaseline, locale),
    infos: infos
      .map((i) => ({ code: i.code, content: pick(i.content, locale) }))
      .filter((i) => !LINK_INFO_CODES.includes(i.code) || isSafeLink(i.content, ['https'])),
    keyFigures: figures.map((f) => ({ code: f.code, value: pick(f.value, locale), title: pick(f.title, locale) })),
    legal: {
      name: row.legalName,
      form: row.legalForm,
      registeredOffice: row.registeredOffice,
      registerNumber: row.registerNumber,
      // An LEI whose check digits fail (planted in the database) is not served.
      lei: row.lei !== null && isValidLei(row.lei) ? row.lei : null,
      regulator: row.regulator,
      authorisationNumber: row.authorisationNumber,
      dpoEmail: row.dpoEmail,
      contactEmail: row.contactEmail,
    },
    // Written into a <style> of every page: only a `#rrggbb` colour is served.
    brand: { primary: hexOrNull(row.brandPrimary), dark: hexOrNull(row.brandDark), accent: hexOrNull(row.brandAccent) },
    images: { logo: image(images.logo), favicon: image(images.favicon), social: image(images.social) },
  };
}

const hexOrNull = (value: string | null) => (value !== null && isHexColour(value) ? value : null);

/**
 * The countries a visitor may choose as residence: the served ones (docs/decisions/061), each with
 * its languages narrowed to the offered ones (none left: the default language).
 */
export async function listCountries(locale: Locale) {
  const db = await getDb();
  const [countries, languages, offered] = await Promise.all([
    db.select().from(t.countries).where(eq(t.countries.served, true)).orderBy(asc(t.countries.position)),
    db.select().from(t.languages).orderBy(asc(t.languages.position)),
    offeredLocales(),
  ]);
  return countries.map((c) => {
    const locales = countryLocales(c.locales, offered);
    return {
      code: c.code,
      title: pick(c.title, locale),
      /** The country's languages in its own order (the first is its main one), among the offered ones. */
      locales,
      languages: languages.filter((l) => (locales as readonly string[]).includes(l.locale)).map((l) => ({ locale: l.locale, title: pick(l.title, locale) })),
    };
  });
}

/** Read once per render: the layout's header and its disclaimer popup both need them. */
export const listInvestorProfiles = cache(async (locale: Locale) => {
  const db = await getDb();
  const rows = await db.select().from(t.investorProfiles).orderBy(asc(t.investorProfiles.position));
  return rows.map((p) => ({ code: p.code, title: pick(p.title, locale), description: pick(p.description, locale) }));
});

export async function listDocumentTypes(locale: Locale) {
  const db = await getDb();
  const rows = await db.select().from(t.documentTypes).orderBy(asc(t.documentTypes.position));
  return rows.map((d) => ({ code: d.code, title: pick(d.title, locale) }));
}

/** The offered languages with their own names ("Français", "English", "Español"), in the house's order, for the language switch. */
export async function listLanguages(): Promise<{ locale: Locale; label: string }[]> {
  const db = await getDb();
  const [rows, offered] = await Promise.all([db.select().from(t.languages), offeredLocales()]);
  const titles = new Map(rows.map((l) => [l.locale, l.title]));
  return offered.flatMap((locale) => {
    const title = titles.get(locale);
    return title ? [{ locale, label: pick(title, locale) }] : [];
  });
}
