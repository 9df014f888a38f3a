import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { env } from '@/env';
import type { CsvError } from '@/domain/csv/import';
import { planCatalog, type CatalogFund } from '@/domain/distribution/findatex/catalog';
import type { FindatexLine, EmtLine } from '@/domain/distribution/findatex/read';
import { fieldError } from '@/domain/distribution/findatex/read';
import { validateFund, validateShare } from '@/domain/funds/input';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { currencies, fundCategories, funds, shareDistributions, shareRegistrations, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { recomputeShares } from '@/server/navs/recompute';
import { publishChange } from '@/server/publish/publish';

/**
 * Creating funds and share classes from a third party's EMT (docs/back-office.md, Imports): the
 * preview reads what the catalogue holds and plans the creation (planCatalog); the commit plans again
 * in its transaction and creates everything, or nothing: funds, share classes, their distribution data
 * (as the FinDatEx update import stores it), their registration in the home country, one audit entry,
 * then one publication.
 */

export type CatalogPreview = {
  ok: true;
  rows: number;
  /** Lines whose ISIN the catalogue holds: left to the update import. */
  existing: { line: number; isin: string }[];
  /** The category the new funds are put in: the first of the site's categories. */
  category: string;
  /** The country the new share classes are registered in (DEFAULT_COUNTRY), for their profiles. */
  country: string;
  funds: CatalogFund[];
  shareCount: number;
};
export type CatalogFailure = { ok: false; errors: CsvError[] };
export type CatalogCommit = CatalogPreview & { written: number; created: { fund: string; shares: string[] }[] };

const FUND_CLASSIFICATION: Record<CatalogFund['productType'], { fr: string; en: string; es: string }> = {
  U: { fr: 'OPCVM', en: 'UCITS', es: 'OICVM' },
  N: { fr: 'FIA', en: 'AIF', es: 'FIA' },
  UM: { fr: 'OPCVM monétaire', en: 'Money market UCITS', es: 'OICVM monetario' },
  NM: { fr: 'FIA monétaire', en: 'Money market AIF', es: 'FIA monetario' },
};

async function plan(db: Executor, rows: FindatexLine[]): Promise<CatalogPreview | CatalogFailure> {
  const lines = rows.filter((r): r is EmtLine => r.template === 'emt');
  // An EET has no share class names: it is the update import's.
  const eet = rows.find((r) => r.template === 'eet');
  if (eet) return { ok: false, errors: [fieldError(eet.line, '00001_EMT_Version', 'unknown-template')] };
  const isins = lines.map((l) => l.isin);
  // One query after the other: inside the approval's transaction they share one connection.
  const knownShares = isins.length > 0 ? await db.select({ isin: shares.isinCode }).from(shares).where(inArray(shares.isinCode, isins)) : [];
  const knownFunds = await db.select({ slug: funds.slug }).from(funds);
  const knownCurrencies = await db.select({ code: currencies.code }).from(currencies);
  const [category] = await db.select({ code: fundCategories.code }).from(fundCategories).orderBy(asc(fundCategories.displayOrder), asc(fundCategories.code)).limit(1);
  const planned = planCatalog(lines, { isins: new Set(knownShares.map((s) => s.isin)), fundSlugs: new Set(knownFunds.map((f) => f.slug)), currencies: new Set(knownCurrencies.map((c) => c.code)) });
  if (!planned.ok) return planned;
  if (!category && planned.funds.length > 0) return { ok: false, errors: [fieldError(lines[0]?.line ?? 1, '00010_Financial_Instrument_Identifying_Data', 'no-category')] };
  return { ...planned, category: category?.code ?? '', country: env().DEFAULT_COUNTRY, shareCount: planned.funds.reduce((n, f) => n + f.shares.length, 0) };
}

/** The preview of a read EMT: nothing is written. */
export function previewCatalogImport(db: Executor, rows: FindatexLine[]): Promise<CatalogPreview | CatalogFailure> {
  return plan(db, rows);
}

/**
 * Creates the planned funds and share classes in one transaction. Each fund and share goes through the
 * same checks as one created by hand (validateFund, validateShare); a share is registered from today
 * in the home country for the profiles its target market names, as createShare does; its figures are
 * computed (empty) so that its page renders at once. The same file again creates nothing: its ISINs
 * are then in the catalogue.
 */
export async function commitCatalogImport(db: Db, rows: FindatexLine[], actor: Actor, options: { source?: string } = {}): Promise<CatalogCommit | CatalogFailure> {
  const outcome = await db.transaction(async (tx) => {
    const planned = await plan(tx, rows);
    if (!planned.ok) return planned;
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const created: { fund: string; shares: string[] }[] = [];
    const shareIds: number[] = [];
    for (const [index, fund] of planned.funds.entries()) {
      const title = { fr: fund.name, en: fund.name, es: fund.name };
      const fundInput = validateFund({
        slug: fund.slug,
        categoryCode: planned.category,
        title,
        description: { fr: fund.name },
        philosophy: { fr: fund.name },
        classification: FUND_CLASSIFICATION[fund.productType],
        riskLevel: fund.riskLevel,
        sfdrArticle: 6,
        minRecommendedInvestmentDuration: fund.holdingYears,
        aumValue: 0,
        aumCurrencyCode: fund.currency,
        aumDate: fund.referenceDate,
        customData: { source: 'emt', manufacturer: fund.manufacturer },
        visibleTo: fund.visibleTo,
        position: index,
      });
      if (!fundInput.ok) throw new Error(`catalogue fund ${fund.slug}: ${JSON.stringify(fundInput.errors)}`);
      const { eligibilityCodes: _eligibilityCodes, ...fundColumns } = fundInput.value;
      const [fundRow] = await tx.insert(funds).values(fundColumns).returning({ id: funds.id });
      if (!fundRow) throw new Error('fund not inserted');
      for (const [position, share] of fund.shares.entries()) {
        const shareInput = validateShare({
          slug: share.slug,
          name: share.name,
          isinCode: share.isin,
          managementGoal: { fr: fund.name },
          inceptionDate: fund.referenceDate,
          inceptionNav: 100,
          sriLevel: share.sri,
          currencyCode: share.currency,
          isMain: position === 0,
          visibleTo: share.visibleTo,
          position,
        });
        if (!shareInput.ok) throw new Error(`catalogue share ${share.isin}: ${JSON.stringify(shareInput.errors)}`);
        const [shareRow] = await tx
          .insert(shares)
          .values({ ...shareInput.value, fundId: fundRow.id })
          .returning({ id: shares.id });
        if (!shareRow) throw new Error('share not inserted');
        shareIds.push(shareRow.id);
        await tx.insert(shareDistributions).values({ shareId: shareRow.id, data: share.distribution, updatedAt: now });
        await tx
          .insert(shareRegistrations)
          .values(share.visibleTo.map((investorProfile) => ({ shareId: shareRow.id, countryCode: planned.country, investorProfile, registeredOn: today, withdrawnOn: null })))
          .onConflictDoNothing();
      }
      created.push({ fund: fund.slug, shares: fund.shares.map((s) => s.slug) });
    }
    if (shareIds.length > 0) {
      await recomputeShares(tx, shareIds, env().RISK_FREE_RATE);
      await recordAudit(tx, {
        actor,
        entity: 'fund',
        action: 'import',
        after: {
          source: options.source ?? null,
          rows: planned.rows,
          category: planned.category,
          country: planned.country,
          funds: planned.funds.map((f) => ({ slug: f.slug, name: f.name, shares: f.shares.map((s) => ({ isin: s.isin, slug: s.slug, name: s.name, visibleTo: s.visibleTo })) })),
        },
      });
    }
    return { ...planned, written: shareIds.length, created };
  });
  // New funds and share classes show in the menus, the sitemap and the share switchers: every page.
  if (outcome.ok && outcome.written > 0) await publishChange(db, { menu: true });
  return outcome;
}
