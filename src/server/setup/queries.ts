import 'server-only';
import { and, asc, count, countDistinct, eq, exists, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { env } from '@/env';
import { TEMPLATE_GAP } from '@/domain/content/country-page';
import { LEGAL_PAGES, type LegalPage, type PageState, type SetupFacts } from '@/domain/setup/checklist';
import type { IdentityField } from '@/domain/content/house-identity';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { countriesWithoutPage } from '@/server/pages/staff-queries';
import { loadOfferedLocales } from '@/server/site/languages-queries';

/** The company's contact details and legal identity the checklist requires (the company screen's fields). */
export const REQUIRED_INFOS = ['ADDRESS', 'ZIP_CODE', 'CITY', 'PHONE'] as const;
export const REQUIRED_IDENTITY = ['legalName', 'legalForm', 'registeredOffice', 'registerNumber', 'lei', 'regulator', 'authorisationNumber', 'dpoEmail'] as const satisfies readonly IdentityField[];

/** What the go-live checklist needs (src/domain/setup/checklist.ts), read in one go. */
export async function setupFacts(db: Executor): Promise<SetupFacts> {
  const registeredRetail = and(
    eq(t.shareRegistrations.shareId, t.shares.id),
    eq(t.shareRegistrations.investorProfile, 'RETAIL'),
    lte(t.shareRegistrations.registeredOn, sql`current_date`),
    or(isNull(t.shareRegistrations.withdrawnOn), gt(t.shareRegistrations.withdrawnOn, sql`current_date`)),
  );
  const currentKid = and(eq(t.documents.shareId, t.shares.id), eq(t.documents.documentTypeCode, 'KIID'), eq(t.documents.published, true), isNull(t.documents.supersededAt));
  // The house's name is needed in every language it offers, its contact details in its default one (docs/decisions/061).
  const offered = await loadOfferedLocales(db);
  const [company, infos, funds, withoutKid, pages, countries, served, approvers, logo] = await Promise.all([
    db.select({ title: t.company.title, ...Object.fromEntries(REQUIRED_IDENTITY.map((field) => [field, t.company[field]])) }).from(t.company).limit(1),
    db.select({ code: t.companyInfos.code }).from(t.companyInfos).where(sql`coalesce(${t.companyInfos.content}->>${offered[0] ?? 'fr'}, '') <> ''`),
    db.select({ n: countDistinct(t.funds.id) }).from(t.funds).innerJoin(t.shares, eq(t.shares.fundId, t.funds.id)),
    // A share offered to retail investors somewhere today, without a published, current KID.
    db
      .select({ isin: t.shares.isinCode, label: t.shares.name, fundId: t.shares.fundId })
      .from(t.shares)
      .where(and(exists(db.select({ one: sql`1` }).from(t.shareRegistrations).where(registeredRetail)), notExists(db.select({ one: sql`1` }).from(t.documents).where(currentKid))))
      .orderBy(asc(t.shares.isinCode))
      .limit(200),
    // Each legal page, and whether one of its texts still holds a template gap.
    db
      .select({ code: t.pages.code, gaps: sql<boolean | null>`bool_or(${t.componentTexts.content}::text LIKE ${`%${TEMPLATE_GAP}%`})` })
      .from(t.pages)
      .leftJoin(t.pageComponents, eq(t.pageComponents.pageCode, t.pages.code))
      .leftJoin(t.componentTexts, eq(t.componentTexts.componentId, t.pageComponents.id))
      .where(inArray(t.pages.code, [...LEGAL_PAGES]))
      .groupBy(t.pages.code),
    countriesWithoutPage(db),
    db.select({ code: t.countries.code }).from(t.countries).where(eq(t.countries.served, true)),
    db.select({ n: count() }).from(t.staffUser).where(and(isNull(t.staffUser.disabledAt), inArray(t.staffUser.role, ['admin', 'compliance']))),
    // The house's own logo (docs/decisions/062): until one is stored the site shows the platform's mark.
    db.select({ kind: t.houseImages.kind }).from(t.houseImages).where(eq(t.houseImages.kind, 'logo')),
  ]);
  const [row] = company as Record<string, unknown>[];
  const titles = (row?.title ?? {}) as Record<string, unknown>;
  const titleMissing = offered.some((locale) => typeof titles[locale] !== 'string' || (titles[locale] as string).trim() === '' || (titles[locale] as string).includes(TEMPLATE_GAP));
  const empty = (value: unknown) => typeof value !== 'string' || value.trim() === '' || value.includes(TEMPLATE_GAP);
  const filled = new Set(infos.map((r) => r.code));
  const servedCodes = new Set(served.map((c) => c.code));
  const stored = new Map(pages.map((r) => [r.code, r.gaps]));
  const pageState = (code: LegalPage): PageState => (!stored.has(code) ? 'missing' : stored.get(code) ? 'gaps' : 'ready');
  return {
    identityMissing: [...(titleMissing ? ['title'] : []), ...REQUIRED_INFOS.filter((code) => !filled.has(code)), ...REQUIRED_IDENTITY.filter((field) => empty(row?.[field]))],
    hasLogo: logo.length > 0,
    fundsWithShares: funds[0]?.n ?? 0,
    retailSharesWithoutKid: withoutKid,
    legalPages: Object.fromEntries(LEGAL_PAGES.map((code) => [code, pageState(code)])) as Record<LegalPage, PageState>,
    // Only the countries the house serves: a country it does not serve needs no page.
    countriesWithoutPage: countries.filter((c) => servedCodes.has(c.code)).map((c) => c.code),
    mail: { smtp: Boolean(env().SMTP_URL), alertAddress: Boolean(env().ALERT_EMAIL) },
    approvers: approvers[0]?.n ?? 0,
  };
}
