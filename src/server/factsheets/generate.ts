import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte, max } from 'drizzle-orm';
// use-intl/core: createTranslator without React, so the `npm run factsheets` script (react-server condition) loads it too.
import { createTranslator } from 'use-intl/core';
import { env, SUPPORTED_LOCALES, type Locale } from '@/env';
import { completedMonth, factsheetFileName, importTouchesMonth, monthEnd, type YearMonth } from '@/domain/documents/factsheet';
import { formatCompactMoney, formatDate, formatDateAs, formatDecimal } from '@/domain/language/format';
import { growthFromHistory, type ChartPeriod } from '@/domain/performance/compute';
import { formatNav, formatPerformance } from '@/domain/performance/format';
import { ANNUALISED_COLUMNS, calendarRows, CUMULATIVE_COLUMNS, performanceRows, RISK_COLUMNS } from '@/domain/performance/table';
import type { Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { documents, navs, shares } from '@/server/db/schema';
import { uploadDocument } from '@/server/documents/commands';
import { areaLogger } from '@/server/log/logger';
import { buildPerformanceRow } from '@/server/navs/performance-row';
import { fetchedDataOf, shareForDocuments } from '@/server/funds/queries';
import { readPortfolio } from '@/server/portfolios/queries';
import { benchmarkHistory, navHistory } from '@/server/navs/queries';
import { readCompany } from '@/server/site/queries';
import { renderFactsheet, type FactsheetContent } from './render';

/**
 * The monthly factsheet of a share class (docs/decisions/033): built from the same query and domain
 * functions as the share page (the catalog's views, the NAV and benchmark histories, the methodology's
 * figures computed as of the month's last NAV, the latest portfolio), drawn by ./render and stored as
 * the share's FACTSHEET document in each language through the document-version service, so the
 * previous month's is superseded and the library, the fund page and /e/{locale}/docs serve it.
 */

export const FACTSHEET_TYPE = 'FACTSHEET';
const SYSTEM: Actor = { type: 'system', label: 'factsheets' };
const log = areaLogger('factsheets');

type ShareMessages = typeof import('../../../messages/share/en.json');
type FundMessages = typeof import('../../../messages/fund/en.json');

async function translators(locale: Locale) {
  const share = (await import(`../../../messages/share/${locale}.json`)).default as ShareMessages;
  const fund = (await import(`../../../messages/fund/${locale}.json`)).default as FundMessages;
  return {
    f: createTranslator({ locale, messages: share, namespace: 'Factsheet' }),
    p: createTranslator({ locale, messages: share, namespace: 'Performance' }),
    c: createTranslator({ locale, messages: fund, namespace: 'FundCharacteristics' }),
    pf: createTranslator({ locale, messages: fund, namespace: 'FundPortfolio' }),
  };
}

type Outcome = { locale: Locale; changed: boolean; id: number };

/** The content of one factsheet, or null when the share has no NAV in or before the month. */
export async function factsheetContent(db: Db, shareId: number, month: YearMonth, locale: Locale): Promise<{ content: FactsheetContent; navDate: string; isin: string } | null> {
  const view = await shareForDocuments(db, shareId, locale);
  if (!view) return null;
  const { fund, share } = view;
  const end = monthEnd(month);
  const navHistoryAll = (await navHistory(db, share.id, null)).filter((p) => p.date <= end);
  const last = navHistoryAll.at(-1);
  if (!last) return null;
  const bench = fund.benchmark ? (await benchmarkHistory(db, fund.benchmark.code, null)).filter((p) => p.date <= end) : null;
  const row = buildPerformanceRow(share, navHistoryAll, bench, env().RISK_FREE_RATE);
  const figures = fetchedDataOf({ asOf: row.asOf, figures: row.figures, benchmarkFigures: row.benchmarkFigures }, locale);
  const [t, portfolio, company] = await Promise.all([translators(locale), readPortfolio(db, fund.id, locale), readCompany(db, locale)]);
  const asOfLabel = formatDate(last.date, locale);
  const monthLabel = formatDateAs(last.date, 'MONTH_YEAR', locale);
  const withBenchmark = fund.benchmark !== null && row.benchmarkFigures !== null;
  const rowsOf = (columns: readonly (typeof figures)[number]['code'][]) =>
    performanceRows(figures, columns, locale, { benchmark: withBenchmark, difference: withBenchmark }).map((r) => ({
      label: r.kind === 'share' ? share.name : r.kind === 'benchmark' ? t.p('benchmarkRow') : t.p('differenceRow'),
      cells: r.cells.map((c) => c.display),
    }));
  const period: ChartPeriod = (['5y', '3y', '1y', 'inception'] as const).find((p) => growthFromHistory(navHistoryAll, bench ?? [], last.date, share.inceptionDate, p, 2)) ?? 'inception';
  const growth = growthFromHistory(navHistoryAll, bench ?? [], last.date, share.inceptionDate, period, 160);
  const years = calendarRows(row.calendarYears, locale).slice(-10);
  const growthBenchmark = withBenchmark && growth && growth.benchmark.length > 1 && fund.benchmark ? growth.benchmark : null;
  const calendarYears = years.map((y) => ({ year: y.year, share: y.value, shareLabel: y.share, benchmark: withBenchmark ? y.benchmark : null, benchmarkLabel: y.benchmarkLabel }));
  const characteristics = [...share.characteristics, ...fund.characteristics];
  const site = env().PUBLIC_BASE_URL.replace(/^https?:\/\//, '').replace(/\/$/, '');
  const infos = new Map(company?.infos.map((i) => [i.code, i.content]) ?? []);
  const companyName = company?.title ?? '';
  const content: FactsheetContent = {
    locale,
    title: t.f('documentTitle', { share: `${fund.title} ${share.name}`, month: monthLabel }),
    author: companyName,
    date: new Date(`${end}T12:00:00Z`),
    heading: t.f('heading'),
    fundName: fund.title,
    shareName: `${share.name} · ISIN ${share.isinCode}`,
    subtitle: t.f('month', { date: asOfLabel }),
    marketing: t.f('marketing'),
    keyFactsTitle: t.f('keyFacts'),
    keyFacts: [
      { label: 'ISIN', value: share.isinCode },
      { label: t.f('navAsOf', { date: asOfLabel }), value: formatNav(last.nav, share.currency.code, locale) },
      { label: t.f('aumAsOf', { date: fund.aum.dateTo }), value: formatCompactMoney(fund.aum.value, fund.aum.currency, locale) },
      { label: t.f('currency'), value: share.currency.code },
      { label: t.f('inception'), value: share.formattedInceptionDate },
      { label: 'SRI', value: t.f('sri', { level: share.sriLevel }) },
      { label: 'SFDR', value: t.f('sfdr', { article: fund.sfdrArticle }) },
      ...(fund.benchmark ? [{ label: t.p('benchmarkRow'), value: fund.benchmark.title }] : []),
    ],
    objectiveTitle: t.f('objective'),
    objective: share.managementGoal || fund.description,
    tables: [
      { title: t.f('performance', { date: asOfLabel }), columns: CUMULATIVE_COLUMNS.map((c) => t.p(`column.${c}`)), rows: rowsOf(CUMULATIVE_COLUMNS) },
      {
        title: t.f('annualised'),
        columns: [...ANNUALISED_COLUMNS, 'vol_3y', 'sharpe_3y', 'max_drawdown_3y'].map((c) => t.p(`column.${c as (typeof RISK_COLUMNS)[number]}`)),
        rows: rowsOf([...ANNUALISED_COLUMNS, 'vol_3y', 'sharpe_3y', 'max_drawdown_3y']),
      },
    ],
    growth: growth
      ? {
          title: t.f('growth', { date: formatDate(growth.from, locale) }),
          // The chart in words: where 100 invested at the start ends, for the share class and its benchmark.
          alt: t.f(growthBenchmark ? 'growthAltBenchmark' : 'growthAlt', {
            from: formatDate(growth.from, locale),
            to: asOfLabel,
            shareEnd: formatDecimal(growth.share.at(-1)?.value ?? 100, locale),
            benchmarkEnd: formatDecimal(growthBenchmark?.at(-1)?.value ?? 100, locale),
          }),
          share: { label: share.name, points: growth.share.map((p) => p.value) },
          benchmark: growthBenchmark && fund.benchmark ? { label: fund.benchmark.title, points: growthBenchmark.map((p) => p.value) } : null,
          from: formatDate(growth.from, locale),
          to: asOfLabel,
        }
      : null,
    calendar: {
      title: t.f('calendar'),
      // Every bar's value, year by year (the benchmark's beside the share class's where it has one).
      alt: t.f(withBenchmark ? 'calendarAltBenchmark' : 'calendarAlt', {
        years: calendarYears
          .map((y) =>
            y.benchmark === null
              ? t.f('calendarAltYear', { year: String(y.year), share: y.shareLabel })
              : t.f('calendarAltYearBenchmark', { year: String(y.year), share: y.shareLabel, benchmark: y.benchmarkLabel }),
          )
          .join('; '),
      }),
      years: calendarYears,
      empty: t.f('noData'),
      shareLabel: share.name,
      benchmarkLabel: withBenchmark && fund.benchmark ? fund.benchmark.title : null,
    },
    holdings: portfolio
      ? { title: t.f('holdings', { date: portfolio.formattedDate }), rows: portfolio.holdings.slice(0, 10).map((h) => ({ label: h.name, value: formatPerformance(h.weight, locale).replace(/^\+ /, '') })) }
      : null,
    breakdowns: portfolio
      ? (['asset_class', 'sector', 'country'] as const)
          .map((dimension) => ({
            title: t.f('breakdown', { dimension: t.pf(`columns.${dimension}`) }),
            rows: portfolio.allocations
              .filter((a) => a.dimension === dimension)
              .slice(0, 8)
              .map((a) => ({ label: a.label, value: formatPerformance(a.weight, locale).replace(/^\+ /, ''), weight: a.weight })),
          }))
          .filter((b) => b.rows.length > 0)
      : [],
    feesTitle: t.f('fees'),
    fees: characteristics
      .filter((c) => ['managementFees', 'performanceFees', 'subscriptionFees', 'redemptionFees', 'resultAllocation', 'valuationFrequency', 'cutOffTime', 'custodian'].includes(c.code))
      .map((c) => ({ label: t.c(`labels.${c.code as 'managementFees'}`), value: c.value })),
    warningsTitle: t.f('warnings'),
    warnings: [t.f('warningPast'), t.f('warningRisk'), t.f('warningDocs', { site })],
    company: [
      t.f('company', { company: companyName }),
      [infos.get('ADDRESS'), [infos.get('ZIP_CODE'), infos.get('CITY')].filter(Boolean).join(' '), infos.get('PHONE'), site].filter(Boolean).join(' · '),
    ],
    pageLabel: (page, pages) => t.f('page', { page, pages }),
  };
  return { content, navDate: last.date, isin: share.isinCode };
}

type Built = { shareId: number; locale: Locale; bytes: Uint8Array; content: FactsheetContent; navDate: string; isin: string };

/** Draws one share's factsheets of `month` in these languages, by default every one (nothing stored yet). */
async function buildShare(db: Db, shareId: number, month: YearMonth, locales: readonly Locale[] = SUPPORTED_LOCALES): Promise<Built[]> {
  const built: Built[] = [];
  for (const locale of locales) {
    const one = await factsheetContent(db, shareId, month, locale);
    if (one) built.push({ shareId, locale, bytes: await renderFactsheet(one.content), ...one });
  }
  return built;
}

/**
 * Stores drawn factsheets. Everything is drawn before the first is stored: each store publishes a change,
 * which reloads the catalog the drawing reads.
 */
async function store(db: Db, built: Built[], month: YearMonth, actor: Actor): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const b of built) {
    const stored = await uploadDocument(
      db,
      { owner: { shareId: b.shareId }, typeCode: FACTSHEET_TYPE, locale: b.locale, publishedAt: b.navDate, title: b.content.title, fileName: factsheetFileName(b.isin, b.locale, month), bytes: b.bytes },
      actor,
    );
    if (!stored.ok) throw new Error(`factsheet ${b.isin}/${b.locale}/${month}: ${stored.error}`);
    outcomes.push({ locale: b.locale, changed: stored.changed, id: stored.id });
  }
  return outcomes;
}

/** Builds and stores one share's factsheets of `month` in every language. Same month again: nothing changes. */
export async function generateShareFactsheets(db: Db, shareId: number, month: YearMonth, actor: Actor = SYSTEM): Promise<Outcome[]> {
  return store(db, await buildShare(db, shareId, month), month, actor);
}

/** Every active share class's factsheets of `month`. */
export async function generateFactsheets(db: Db, month: YearMonth, actor: Actor = SYSTEM): Promise<{ shares: number; documents: number; changed: number }> {
  const rows = await db.select({ id: shares.id }).from(shares).where(eq(shares.active, true)).orderBy(asc(shares.id));
  const built: Built[] = [];
  for (const { id } of rows) built.push(...(await buildShare(db, id, month)));
  const outcomes = await store(db, built, month, actor);
  return { shares: new Set(built.map((b) => b.shareId)).size, documents: outcomes.length, changed: outcomes.filter((o) => o.changed).length };
}

/** At most this many shares' factsheets, and this long, after one NAV import; the rest waits for `npm run factsheets`. */
export const IMPORT_FACTSHEET_LIMITS = { shares: 60, ms: 120_000 };

/**
 * After a NAV import has committed: the factsheets of the month the import completed (or corrected), per
 * share (src/domain/documents/factsheet.ts rules). Bounded; never throws: a failure is logged, the import stands.
 */
export async function factsheetsAfterImport(db: Db, written: { shareId: number; date: string }[]): Promise<void> {
  const started = Date.now();
  const byShare = new Map<number, string[]>();
  for (const w of written) byShare.set(w.shareId, [...(byShare.get(w.shareId) ?? []), w.date]);
  let done = 0;
  for (const [shareId, dates] of byShare) {
    if (done >= IMPORT_FACTSHEET_LIMITS.shares || Date.now() - started > IMPORT_FACTSHEET_LIMITS.ms) {
      log.warn({ shareId, done }, 'factsheets after import: limit reached, run `npm run factsheets` for the rest');
      break;
    }
    try {
      const [latest] = await db.select({ date: max(navs.date) }).from(navs).where(eq(navs.shareId, shareId));
      if (!latest?.date) continue;
      const month = completedMonth(latest.date);
      const after = await db
        .select({ date: navs.date })
        .from(navs)
        .where(and(eq(navs.shareId, shareId), gt(navs.date, monthEnd(month))))
        .limit(100);
      const inMonth = await db.select({ date: navs.date }).from(navs).where(and(eq(navs.shareId, shareId), lte(navs.date, monthEnd(month)))).limit(1);
      if (inMonth.length === 0 || !importTouchesMonth(month, dates, after.map((a) => a.date))) continue;
      await generateShareFactsheets(db, shareId, month);
      done += 1;
    } catch (error) {
      log.error({ err: error, shareId }, 'factsheet generation after a NAV import failed; the import is kept');
    }
  }
}


/** What a factsheet prints about the house, in one language: its name, then its address and phone (factsheetContent's `company`). */
export const FACTSHEET_COMPANY_INFOS = ['ADDRESS', 'ZIP_CODE', 'CITY', 'PHONE'] as const;

type Redraw = { running?: Promise<void>; locales: Set<Locale> };
const redraw = ((globalThis as { __fundhouseFactsheetRedraw?: Redraw }).__fundhouseFactsheetRedraw ??= { locales: new Set() });

/**
 * The factsheets of each active share's latest completed month, in these languages, drawn again
 * for the shares that have a current one
 * because what they print about the house changed (its name, address or phone: saveCompany). A
 * factsheet is a marketing communication that must name its author rightly (MiFID II art. 24(3)):
 * the current month's PDF follows the change; the months before keep the name they were published
 * under. Bounded like the redraw after an import (IMPORT_FACTSHEET_LIMITS; the rest is logged for
 * `npm run factsheets`); never throws. Returns the number of shares redrawn.
 */
export async function factsheetsAfterCompanyChange(db: Db, locales: readonly Locale[]): Promise<number> {
  if (locales.length === 0) return 0;
  const started = Date.now();
  // The shares that have a current factsheet in one of these languages: drawing the first one is the monthly run's work.
  const rows = await db
    .selectDistinct({ id: shares.id })
    .from(shares)
    .innerJoin(documents, eq(documents.shareId, shares.id))
    .where(and(eq(shares.active, true), eq(documents.documentTypeCode, FACTSHEET_TYPE), isNull(documents.supersededAt), inArray(documents.locale, [...locales])))
    .orderBy(asc(shares.id));
  let done = 0;
  for (const { id } of rows) {
    if (done >= IMPORT_FACTSHEET_LIMITS.shares || Date.now() - started > IMPORT_FACTSHEET_LIMITS.ms) {
      log.warn({ shareId: id, done }, 'factsheets after a change of the house: limit reached, run `npm run factsheets` for the rest');
      break;
    }
    try {
      const [latest] = await db.select({ date: max(navs.date) }).from(navs).where(eq(navs.shareId, id));
      if (!latest?.date) continue;
      const month = completedMonth(latest.date);
      await store(db, await buildShare(db, id, month, locales), month, SYSTEM);
      done += 1;
    } catch (error) {
      log.error({ err: error, shareId: id }, 'a factsheet could not be drawn again after a change of the house');
    }
  }
  return done;
}

/**
 * Starts factsheetsAfterCompanyChange after the change committed, without making its author wait:
 * one redraw at a time per process, the languages of changes made meanwhile gathered into the next.
 */
export function redrawFactsheetsLater(db: Db, locales: readonly Locale[]): void {
  for (const locale of locales) redraw.locales.add(locale);
  if (redraw.running || redraw.locales.size === 0) return;
  redraw.running = (async () => {
    while (redraw.locales.size > 0) {
      const due = [...redraw.locales];
      redraw.locales.clear();
      await factsheetsAfterCompanyChange(db, due).catch((error: unknown) => log.error({ err: error }, 'factsheets after a change of the house failed'));
    }
  })().finally(() => {
    redraw.running = undefined;
  });
}

/** Waits for the redraw under way, if any (tests, a command-line import before it exits). */
export async function settleFactsheetRedraws(): Promise<void> {
  while (redraw.running) await redraw.running;
}
