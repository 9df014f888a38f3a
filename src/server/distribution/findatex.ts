import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { _createCache, _createIntlFormatters, createTranslator } from 'use-intl/core';
import { env, type Locale } from '@/env';
import { AUDIENCE_TAGS, COMPANY_TAG, FUNDS_TAG, MENU_TAG } from '@/domain/content/cache-tags';
import type { Scenario } from '@/domain/csv/scenarios';
import type { ShareDistribution } from '@/domain/distribution/data';
import { eetFlagIn, eetRow, type EetShare } from '@/domain/distribution/findatex/eet';
import { emtFlagIn, emtRow, findatexTable, type EmtShare } from '@/domain/distribution/findatex/emt';
import { eptFlagIn, eptRow, type EptShare, type ScenarioReturns } from '@/domain/distribution/findatex/ept';
import type { FindatexFormat, FindatexTemplate } from '@/domain/distribution/findatex/files';
import { TEMPLATES, type TemplateKey } from '@/domain/distribution/findatex/templates';
import { distributesDividends } from '@/domain/dividends/model';
import { validateRow, type Row, type RowError } from '@/domain/distribution/findatex/validate';
import { INTL_LOCALE } from '@/domain/language/format';
import { pick } from '@/domain/language/localize';
import { pastPerformanceYears } from '@/domain/performance/past';
import type { Audience } from '@/domain/registrations/audience';
import { shareDocumentPath, shareSubpagePath } from '@/domain/routing/urls';
import { registerMemoryCache } from '@/server/cache/registry';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { findatexBytes, servedFile, type ServedFile } from './findatex-file';
import { fundVisibleTo, rawCatalog, shareVisibleTo, type RawCatalog } from '@/server/funds/catalog';

/**
 * The FinDatEx files of the site (docs/distribution-data.md): one row per share class, built at
 * request from what the site stores (the catalog's shares, funds and distribution data, the company,
 * the KID's documents and the latest month of PRIIPs scenarios), checked against its template before
 * it is served. A share whose row breaks a rule of its template is left out of the file and listed
 * with its errors (the back-office shows them): a file is never served half-empty.
 */

type ShareRow = RawCatalog['shares'][number];
type FundRow = RawCatalog['funds'][number];

/** A share left out of a file, and why: each field code and its problem. */
export type ExcludedShare = { shareId: number; fundId: number; fundSlug: string; isin: string; name: string; errors: RowError[] };

export type FindatexBuild = {
  version: TemplateKey;
  generatedAt: Date;
  /** The header of field codes, then one row per share served, in the catalog's order. */
  table: string[][];
  /** ISIN → its row's index in `table` (1-based: row 0 is the header). */
  index: Map<string, number>;
  excluded: ExcludedShare[];
  /** The file's bytes per format, made on the first download and kept with the build. */
  files: Map<FindatexFormat, Promise<ServedFile>>;
};

/** A missing fact reported as the template field it leaves empty. */
const missing = (code: string): RowError => ({ code, problem: 'missing', value: '' });

const SCENARIOS: readonly Scenario[] = ['stress', 'unfavourable', 'moderate', 'favourable'];

type ScenarioSet = Map<number, Record<Scenario, number | undefined>>;

/**
 * The latest month of each share's PRIIPs scenarios, by holding period: the figures the
 * performance-scenarios page prints first. One query for every share asked, at most 8 rows each.
 */
async function latestScenarios(db: Executor, shareIds: readonly number[]): Promise<Map<number, ScenarioSet>> {
  const out = new Map<number, ScenarioSet>();
  if (shareIds.length === 0) return out;
  const s = t.performanceScenarios;
  const latest = db
    .select({ shareId: s.shareId, month: sql<string>`max(${s.month})`.as('latest_month') })
    .from(s)
    .where(inArray(s.shareId, [...shareIds]))
    .groupBy(s.shareId)
    .as('latest');
  const rows = await db
    .select({ shareId: s.shareId, scenario: s.scenario, years: s.holdingPeriodYears, annualReturn: s.annualReturn })
    .from(s)
    .innerJoin(latest, and(eq(latest.shareId, s.shareId), eq(latest.month, s.month)));
  for (const row of rows) {
    const byPeriod = out.get(row.shareId) ?? new Map();
    const figures = byPeriod.get(row.years) ?? { stress: undefined, unfavourable: undefined, moderate: undefined, favourable: undefined };
    figures[row.scenario as Scenario] = row.annualReturn;
    byPeriod.set(row.years, figures);
    out.set(row.shareId, byPeriod);
  }
  return out;
}

function returnsAt(set: ScenarioSet | undefined, years: number): ScenarioReturns | null {
  const figures = set?.get(years);
  if (!figures || SCENARIOS.some((s) => figures[s] === undefined)) return null;
  return figures as ScenarioReturns;
}

type NarrativeMessages = typeof import('../../../messages/data/en.json');
const LANGUAGE_639_2: Record<Locale, string> = { fr: 'fra', en: 'eng', es: 'spa' };

async function narrator(locale: Locale) {
  const messages = (await import(`../../../messages/data/${locale}.json`)).default as NarrativeMessages;
  // One cache of compiled messages and Intl formatters for the whole file: a thousand rows reuse them.
  const cache = _createCache();
  const t = createTranslator({ locale, messages, namespace: 'FindatexNarrative', _cache: cache, _formatters: _createIntlFormatters(cache) });
  const months = new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const list = new Intl.ListFormat(INTL_LOCALE[locale], { type: 'conjunction' });
  const month = (value: string) => {
    const [year, m] = value.split('-').map(Number) as [number, number];
    return months.format(new Date(Date.UTC(year, m - 1, 1)));
  };
  return { t, rate: (value: number) => percent.format(value), list: (items: string[]) => list.format(items), month };
}

type Context = {
  catalog: RawCatalog;
  locale: Locale;
  manufacturer: { name: string; lei: string | null; email: string | null };
  scenarios: Map<number, ScenarioSet>;
  narrate: Awaited<ReturnType<typeof narrator>>;
  origin: string;
  /** Share id → its published KIDs for every country, newest first (the catalog's order). */
  kids: Map<number, RawCatalog['documents']>;
};

/** What the three templates say of one share, from the stored data; null for a share without distribution data. */
function shareFacts(ctx: Context, fund: FundRow, share: ShareRow) {
  const stored = ctx.catalog.distributions.get(share.id);
  if (!stored) return null;
  const data: ShareDistribution = stored.data;
  const { locale, narrate } = ctx;
  const years = fund.minRecommendedInvestmentDuration;
  const name = `${pick(fund.title, 'fr')} ${share.name}`;
  const distributesCash = distributesDividends(share.characteristics.resultAllocation);
  const referenceDate = data.exAnteDate > data.targetMarketDate ? data.exAnteDate : data.targetMarketDate;

  const emt: EmtShare = {
    isin: share.isinCode,
    name,
    currency: share.currencyCode,
    productType: data.priips.productType,
    performanceFee: data.exAnte.incidental > 0,
    distributesCash,
    manufacturer: ctx.manufacturer,
    referenceDate,
    sri: share.sriLevel,
    recommendedHoldingYears: years,
    targetMarket: data.targetMarket,
    targetMarketDate: data.targetMarketDate,
    exAnte: { ...data.exAnte, referenceDate: data.exAnteDate },
    exPost: data.exPost,
  };

  const sustainability = ctx.catalog.sustainability.get(fund.id);
  const article = fund.sfdrArticle === 8 || fund.sfdrArticle === 9 ? fund.sfdrArticle : 6;
  const eet: EetShare | null = sustainability
    ? {
        isin: share.isinCode,
        name,
        currency: share.currencyCode,
        sfdrArticle: article,
        manufacturer: { name: ctx.manufacturer.name, lei: ctx.manufacturer.lei },
        referenceDate,
        sustainabilityPreferences: data.targetMarket.sustainabilityPreferences,
        sfdr:
          article === 6 || !sustainability.precontractual
            ? null
            : { ...sustainability.precontractual, paiConsidered: sustainability.paiConsidered, sustainabilityRiskRelevant: sustainability.sustainabilityRiskRelevant },
        baseline: { paiConsidered: sustainability.paiConsidered, sustainabilityRiskRelevant: sustainability.sustainabilityRiskRelevant },
      }
    : null;

  // The EPT's facts, only when its file is built: its narratives are the costly part.
  const eptOf = (): { ept: EptShare | null; kid: { publishedOn: string; url: string | null } | null } => {
    const set = ctx.scenarios.get(share.id);
    const oneYear = returnsAt(set, 1);
    const rhp = returnsAt(set, years);
    const kid = kidOf(ctx, fund, share);
    let ept: EptShare | null = null;
    if (rhp && (years <= 1 || oneYear)) {
      const last = ctx.catalog.lastPrices.get(share.id) ?? null;
      const performance = ctx.catalog.performances.get(share.id);
      const pastYears = pastPerformanceYears(
        { calendarYears: performance?.calendarYears ?? [], lessThanOneYear: performance ? performance.lessThanOneYear : true, inceptionDate: share.inceptionDate, asOf: last?.date ?? null },
        fund.benchmarkCode !== null,
      ).filter((y) => y.share !== null).length;
      const tm = data.targetMarket;
      const yes = (value: string) => value === 'Y';
      const investors = [yes(tm.investorType.retail) ? narrate.t('investors.retail') : null, tm.investorType.professional !== 'N' ? narrate.t('investors.professional') : null].filter(
        (x): x is string => x !== null,
      );
      const knowledge = (['basic', 'informed', 'advanced'] as const).filter((k) => yes(tm.knowledge[k])).map((k) => narrate.t(`knowledge.${k}`));
      const objectives = (['preservation', 'growth', 'income', 'hedging'] as const).filter((k) => yes(tm.returnProfile[k])).map((k) => narrate.t(`objectives.${k}`));
      const intervals = data.priips.scenarioIntervals;
      const interval = (i: { from: string; to: string }) => narrate.t('scenarioInterval', { from: narrate.month(i.from), to: narrate.month(i.to) });
      const url = (path: string) => new URL(path, ctx.origin).toString();
      ept = {
        isin: share.isinCode,
        name,
        currency: share.currencyCode,
        manufacturer: { ...ctx.manufacturer, group: ctx.manufacturer.name },
        kid: kid ?? { publishedOn: '', url: null },
        category: data.priips.category,
        sri: share.sriLevel,
        mrm: data.priips.mrm,
        crm: data.priips.crm,
        recommendedHoldingYears: years,
        liquidityRisk: data.priips.liquidityRisk,
        valuationFrequency: data.priips.valuationFrequency,
        scenarios: { oneYear: oneYear ?? rhp, rhp, halfRhp: years >= 10 ? returnsAt(set, Math.round(years / 2)) : null },
        benchmarkUsedForScenarios: data.priips.benchmarkUsedForScenarios,
        pastPerformance:
          pastYears > 0
            ? {
                link: url(shareSubpagePath(locale, fund.slug, share.slug, 'past-performance')),
                scenariosLink: url(shareSubpagePath(locale, fund.slug, share.slug, 'performance-scenarios')),
                years: pastYears,
              }
            : null,
        referenceAmount: 10_000,
        costs: data.exAnte,
        narratives: {
          language: LANGUAGE_639_2[locale],
          targetMarket: narrate.t('targetMarket', {
            investors: narrate.list(investors),
            knowledge: narrate.list(knowledge.length ? knowledge : [narrate.t('knowledge.basic')]),
            objectives: narrate.list(objectives.length ? objectives : [narrate.t('objectives.growth')]),
            years,
          }),
          objective: pick(share.managementGoal, locale) || pick(fund.description, locale),
          otherRisks: narrate.t('otherRisks'),
          legalForm: [fund.characteristics.legalStatus, fund.classification].map((v) => (v ? pick(v, locale) : '')).filter(Boolean).join(' – '),
          entryCost: data.exAnte.entry > 0 ? narrate.t('entryCost', { rate: narrate.rate(data.exAnte.entry) }) : narrate.t('noEntryCost'),
          exitCost: data.exAnte.exit > 0 ? narrate.t('exitCost', { rate: narrate.rate(data.exAnte.exit) }) : narrate.t('noExitCost'),
          ongoingCost: narrate.t('ongoingCost', { rate: narrate.rate(data.exAnte.ongoing) }),
          performanceFee: data.exAnte.incidental > 0 ? narrate.t('performanceFee', { rate: narrate.rate(data.exAnte.incidental) }) : null,
          scenarioIntervals: intervals ? { unfavourable: interval(intervals.unfavourable), moderate: interval(intervals.moderate), favourable: interval(intervals.favourable) } : null,
        },
        comprehensionAlert: data.priips.comprehensionAlert,
      };
    }
    return { ept, kid };
  };
  return { emt, eet, eptOf };
}

/** The share's KID as the public reads it: the newest in the file's language, else the French one, and its public address. */
function kidOf(ctx: Context, fund: FundRow, share: ShareRow): { publishedOn: string; url: string | null } | null {
  const kids = ctx.kids.get(share.id) ?? [];
  const kid = kids.find((d) => d.locale === ctx.locale) ?? kids.find((d) => d.locale === 'fr');
  if (!kid) return null;
  return { publishedOn: kid.publishedAt.slice(0, 10), url: new URL(shareDocumentPath(ctx.locale, fund.slug, share.isinCode, 'KIID'), ctx.origin).toString() };
}

/** One share's row of a template and what breaks its rules (empty: it may be served). */
function rowOf(version: TemplateKey, facts: NonNullable<ReturnType<typeof shareFacts>>, at: Date): { row: Row | null; errors: RowError[] } {
  const fields = TEMPLATES[version].fields;
  if (version.startsWith('emt-')) {
    const row = emtRow(facts.emt, at, version as 'emt-4.3' | 'emt-4.2');
    return { row, errors: validateRow(fields, row, emtFlagIn(row)) };
  }
  if (version.startsWith('ept-')) {
    const { ept } = facts.eptOf();
    if (!ept) return { row: null, errors: [missing('02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date')] };
    const row = eptRow(ept, at);
    const errors = validateRow(fields, row, eptFlagIn(row));
    // No KID published: its date and address are empty, which the template's rules name.
    return { row, errors };
  }
  if (!facts.eet) return { row: null, errors: [missing('20100_Financial_Instrument_Does_This_Product_Consider_Principle_Adverse_Impact_In_Their_Investment')] };
  const row = eetRow(facts.eet, at);
  return { row, errors: validateRow(fields, row, eetFlagIn(row)) };
}

/**
 * The file of a template for these shares: the rows that keep their template's rules, the others
 * excluded with their errors. `shares` in the catalog's order.
 */
async function build(db: Db, catalog: RawCatalog, locale: Locale, version: TemplateKey, shares: readonly ShareRow[]): Promise<FindatexBuild> {
  // The producer and manufacturer are the house as the company screen records it (issue 43): its legal
  // name (else its name), its LEI and its contact address, never a constant.
  const [company] = await db.select({ title: t.company.title, legalName: t.company.legalName, lei: t.company.lei, email: t.company.contactEmail }).from(t.company).limit(1);
  const [scenarios, narrate] = await Promise.all([latestScenarios(db, shares.map((s) => s.id)), narrator(locale)]);
  const ctx: Context = {
    catalog,
    locale,
    manufacturer: { name: company ? company.legalName?.trim() || pick(company.title, 'fr') : '', lei: company?.lei || null, email: company?.email?.trim() || null },
    scenarios,
    narrate,
    origin: env().PUBLIC_BASE_URL,
    kids: new Map(),
  };
  for (const doc of catalog.documents) {
    if (doc.shareId === null || doc.documentTypeCode !== 'KIID' || doc.countries.length > 0) continue;
    ctx.kids.set(doc.shareId, [...(ctx.kids.get(doc.shareId) ?? []), doc]);
  }
  const generatedAt = new Date();
  const rows: Row[] = [];
  const index = new Map<string, number>();
  const excluded: ExcludedShare[] = [];
  const funds = new Map(catalog.funds.map((f) => [f.id, f]));
  for (const share of shares) {
    const fund = funds.get(share.fundId);
    if (!fund) continue;
    const facts = shareFacts(ctx, fund, share);
    const { row, errors } = facts ? rowOf(version, facts, generatedAt) : { row: null, errors: [missing('00010_Financial_Instrument_Identifying_Data')] };
    if (!row || errors.length > 0) {
      excluded.push({ shareId: share.id, fundId: fund.id, fundSlug: fund.slug, isin: share.isinCode, name: share.name, errors });
      continue;
    }
    rows.push(row);
    index.set(share.isinCode, rows.length);
  }
  return { version, generatedAt, table: findatexTable(version, rows), index, excluded, files: new Map() };
}

/** The active shares of active funds, each once, in the catalog's order; only those the audience may see when one is given. */
function sharesFor(catalog: RawCatalog, audience: Audience | null): ShareRow[] {
  const funds = new Map(catalog.funds.map((f) => [f.id, f]));
  return catalog.shares.filter((share) => {
    const fund = funds.get(share.fundId);
    if (!fund || !share.active || !fund.active) return false;
    return audience === null || (fundVisibleTo(catalog, audience, fund) && shareVisibleTo(catalog, audience, share));
  });
}

/**
 * Built files kept in memory until a publication changes what they show (a fund or share, its
 * distribution data, the registrations, the company's name): a distributor's pull of the range
 * file then costs what a cached page costs. Keyed by language, audience and template version, all
 * validated before they reach here; bounded all the same.
 */
const MAX_BUILDS = 256;
type Holder = { builds: Map<string, Promise<FindatexBuild>>; db?: Db };
const holder: Holder = ((globalThis as { __fundhouseFindatex?: Holder }).__fundhouseFindatex ??= { builds: new Map() });

export function clearFindatexBuilds(): void {
  holder.builds.clear();
}

registerMemoryCache({
  name: 'FinDatEx files',
  holds: 'the EMT, EPT and EET files built for each language, audience and template version (src/server/distribution/findatex.ts)',
  invalidatedBy: [FUNDS_TAG, MENU_TAG, AUDIENCE_TAGS, COMPANY_TAG],
  clear: clearFindatexBuilds,
});

/**
 * The range file of a template version for an audience: every share it may see (null: every active
 * share, for a distributor's token). Built once per key until a publication empties the cache (the
 * catalog it reads is dropped by the same tags).
 */
export async function findatexRange(db: Db, locale: Locale, audience: Audience | null, version: TemplateKey): Promise<FindatexBuild> {
  if (holder.db !== db) {
    holder.db = db;
    holder.builds.clear();
  }
  const key = `${locale}|${audience ? `${audience.profile}|${audience.country}` : 'every share'}|${version}`;
  const cached = holder.builds.get(key);
  if (cached) return cached;
  if (holder.builds.size >= MAX_BUILDS) holder.builds.delete(holder.builds.keys().next().value as string);
  const pending = rawCatalog(db).then((catalog) => build(db, catalog, locale, version, sharesFor(catalog, audience)));
  holder.builds.set(key, pending);
  pending.catch(() => {
    if (holder.builds.get(key) === pending) holder.builds.delete(key);
  });
  return pending;
}

/**
 * One share's file, from its audience's range file: the header and its row; `excluded` when its
 * row breaks its template's rules (it is not served); null when the audience may not see it.
 */
export async function findatexShare(
  db: Db,
  locale: Locale,
  audience: Audience,
  version: TemplateKey,
  isin: string,
): Promise<{ table: string[][]; generatedAt: Date } | { excluded: ExcludedShare } | null> {
  const range = await findatexRange(db, locale, audience, version);
  const at = range.index.get(isin);
  if (at !== undefined) return { table: [range.table[0] as string[], range.table[at] as string[]], generatedAt: range.generatedAt };
  const excluded = range.excluded.find((e) => e.isin === isin);
  return excluded ? { excluded } : null;
}

/** The range file's bytes in a format: serialized once per build. */
export function rangeFile(range: FindatexBuild, format: FindatexFormat): Promise<ServedFile> {
  let file = range.files.get(format);
  if (!file) {
    file = findatexBytes(range.version, range.table, format).then(servedFile);
    range.files.set(format, file);
    file.catch(() => range.files.delete(format));
  }
  return file;
}

export type FindatexReport = { template: FindatexTemplate; version: TemplateKey; excluded: ExcludedShare[]; served: number }[];

/**
 * For the back-office: every active share of every template and version, those whose row breaks
 * its template's rules with their errors. Built in the site's default language, for no audience.
 */
export async function findatexReport(db: Db, locale: Locale): Promise<FindatexReport> {
  const catalog = await rawCatalog(db);
  const shares = sharesFor(catalog, null);
  const versions: [FindatexTemplate, TemplateKey][] = [
    ['emt', 'emt-4.3'],
    ['emt', 'emt-4.2'],
    ['ept', 'ept-2.1'],
    ['eet', 'eet-1.1.2'],
  ];
  return Promise.all(
    versions.map(async ([template, version]) => {
      const built = await build(db, catalog, locale, version, shares);
      return { template, version, excluded: built.excluded, served: built.index.size };
    }),
  );
}
