import 'server-only';
import { createHash } from 'node:crypto';
import { checkHouseImage } from '@/domain/content/house-images';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { addMonths } from '@/domain/dates';
import type { NavPoint } from '@/domain/performance/compute';
import type { Db } from '../client';
import * as t from '../schema';
import type { Tx } from '../types';
import { buildPerformanceRow, type PerformanceRow } from '@/server/navs/performance-row';
import { savePerformanceRows } from '@/server/navs/recompute';
import { buildContentDocuments } from './content-documents';
import { buildDocuments } from './documents';
import { aurore } from './fixtures/aurore';
import { DEMO_AS_OF } from './fixtures/constants';
import { shareDistributionFrom } from './fixtures/distribution';
import { textIn, type HouseFixture } from './fixtures/house';
import { registrationCellsIn } from './fixtures/registrations';
import { insertCompany, insertPages, insertReferenceData } from './shared';
import { businessDays, simulateIndex, simulateShare } from './nav-model';
import { demoDividends } from './dividend-model';
import { distributesDividends } from '@/domain/dividends/model';
import { DEMO_SCENARIOS_FROM, monthsBetween, simulateScenarios } from './scenario-model';

/** Every table the demo owns. Form submissions and the mail outbox are visitors' data: never wiped. */
const SEEDED_TABLES = [
  'seed_run', 'content_document', 'document', 'fund_event_share', 'fund_event', 'news_old_slug', 'news_fund', 'news', 'news_category', 'allocation', 'holding',
  'performance_scenario', 'share_performance', 'nav', 'benchmark_value', 'share_registration', 'share', 'fund_eligibility', 'fund', 'benchmark',
  'esg_label', 'eligibility', 'fund_category', 'component_text', 'page_component', 'page',
  'key_figure', 'company_info', 'company', 'house_image', 'document_type', 'currency', 'investor_profile', 'country', 'language',
];

const CHUNK = 4000;

async function insertChunked<T extends Record<string, unknown>>(
  tx: Tx,
  table: Parameters<Tx['insert']>[0],
  rows: T[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK) as never);
  }
}

export type SeedReport = {
  funds: number;
  shares: number;
  navs: number;
  benchmarkValues: number;
  documents: number;
  news: number;
  pages: number;
};

/** The house's logo as the back-office would store it: checked and sanitised, or the seed fails. */
function demoLogo(house: HouseFixture): typeof t.houseImages.$inferInsert {
  const checked = checkHouseImage('logo', new TextEncoder().encode(house.logo));
  if (!checked.ok) throw new Error(`the logo of ${house.code} is refused: ${checked.problem}`);
  const { type, width, height, bytes } = checked.image;
  return { kind: 'logo', contentType: type, byteSize: bytes.byteLength, width, height, sha256: createHash('sha256').update(bytes).digest('hex'), data: bytes, fileName: `${house.code}-logo.svg` };
}

/**
 * Wipes the demo tables and fills them again from a demo house's fixtures (the first one by default,
 * SEED_DEMO chooses: src/server/db/seed/houses.ts), in one transaction: all or nothing.
 */
export async function seedDemo(db: Db, house: HouseFixture = aurore): Promise<SeedReport> {
  const { benchmarks, categories, funds, news, newsCategories, pages } = house;
  // Simulated series and PDFs are prepared before the transaction opens, to keep it short.
  const benchmarkSeries = new Map<string, NavPoint[]>();
  for (const b of benchmarks) {
    benchmarkSeries.set(b.code, simulateIndex(businessDays(b.model.start, DEMO_AS_OF), b.model.startValue, b.model));
  }
  const shareSeries = new Map<string, NavPoint[]>();
  for (const fund of funds) {
    const bench = benchmarkSeries.get(fund.benchmarkCode) ?? [];
    for (const share of fund.shares) {
      shareSeries.set(
        share.isinCode,
        simulateShare(bench, { date: share.inceptionDate, nav: share.inceptionNav }, DEMO_AS_OF, share.nav),
      );
    }
  }
  // Scenarios up to the last month completed before the demo's last day.
  const scenarioMonths = monthsBetween(DEMO_SCENARIOS_FROM, addMonths(DEMO_AS_OF, -1).slice(0, 7));
  const pdfs = await buildDocuments(house);
  const riskFreeRate = env().RISK_FREE_RATE;

  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`TRUNCATE ${SEEDED_TABLES.map((n) => `"${n}"`).join(', ')} RESTART IDENTITY CASCADE`));

    await insertReferenceData(tx, { keepExisting: false }, house);
    await insertCompany(tx, house.company, { keepExisting: false });
    await tx.insert(t.houseImages).values(demoLogo(house));
    await insertPages(tx, [...pages, ...house.countryPages], { keepExisting: false });

    await tx.insert(t.fundCategories).values([...categories]);
    await tx
      .insert(t.benchmarks)
      .values(benchmarks.map((b) => ({ code: b.code, title: b.title, currencyCode: b.currency })));
    let benchmarkValueCount = 0;
    for (const [code, series] of benchmarkSeries) {
      benchmarkValueCount += series.length;
      await insertChunked(tx, t.benchmarkValues, series.map((p) => ({ benchmarkCode: code, date: p.date, value: p.nav })));
    }

    const fundIds = new Map<string, number>();
    const shareIds = new Map<string, number>();
    const performanceRows: PerformanceRow[] = [];
    let navCount = 0;
    for (const [position, fund] of funds.entries()) {
      const [row] = await tx
        .insert(t.funds)
        .values({
          slug: fund.slug,
          categoryCode: fund.categoryCode,
          title: fund.title,
          isHighlight: fund.isHighlight,
          description: fund.description,
          philosophy: fund.philosophy,
          classification: fund.classification,
          specificCategory: fund.specificCategory,
          riskLevel: fund.riskLevel,
          sfdrArticle: fund.sfdrArticle,
          minRecommendedInvestmentDuration: fund.minRecommendedInvestmentDuration,
          aumValue: fund.aum.value,
          aumCurrencyCode: fund.aum.currency,
          aumDate: fund.aum.date,
          benchmarkCode: fund.benchmarkCode,
          characteristics: fund.characteristics,
          customData: fund.customData,
          tags: fund.tags,
          esgLabels: fund.esgLabels,
          sfdrDisclosure: fund.sfdrDisclosure,
          partners: fund.partners,
          visibleTo: fund.visibleTo,
          position,
        })
        .returning({ id: t.funds.id });
      if (!row) throw new Error(`fund ${fund.slug} not inserted`);
      fundIds.set(fund.slug, row.id);
      if (fund.eligibilityCodes.length > 0) {
        await tx.insert(t.fundEligibilities).values(fund.eligibilityCodes.map((code) => ({ fundId: row.id, eligibilityCode: code })));
      }
      await tx.insert(t.holdings).values(
        fund.holdings.map((h, i) => ({ ...h, fundId: row.id, asOf: fund.portfolioDate, position: i })),
      );
      await tx.insert(t.allocations).values(fund.allocations.map((a) => ({ ...a, fundId: row.id, asOf: fund.portfolioDate })));
      const sustainability = house.distribution.sustainability[fund.slug];
      if (sustainability) await tx.insert(t.fundSustainability).values({ fundId: row.id, ...sustainability });

      for (const [sharePosition, share] of fund.shares.entries()) {
        const [shareRow] = await tx
          .insert(t.shares)
          .values({
            fundId: row.id,
            slug: share.slug,
            name: share.name,
            isinCode: share.isinCode,
            managementGoal: share.managementGoal,
            inceptionDate: share.inceptionDate,
            inceptionNav: share.inceptionNav,
            sriLevel: share.sriLevel,
            currencyCode: share.currency,
            characteristics: share.characteristics,
            isMain: share.isMain,
            visibleTo: share.visibleTo,
            position: sharePosition,
          })
          .returning({ id: t.shares.id });
        if (!shareRow) throw new Error(`share ${share.isinCode} not inserted`);
        shareIds.set(share.isinCode, shareRow.id);
        await tx.insert(t.shareDistributions).values({ shareId: shareRow.id, data: shareDistributionFrom(house.distribution, fund, share) });
        const profiles = share.visibleTo.filter((p) => fund.visibleTo.includes(p));
        const cells = registrationCellsIn(house.registrations, fund.slug, profiles);
        if (cells.length > 0) {
          await tx.insert(t.shareRegistrations).values(cells.map((c) => ({ shareId: shareRow.id, countryCode: c.country, investorProfile: c.profile, registeredOn: share.inceptionDate })));
        }
        const series = shareSeries.get(share.isinCode) ?? [];
        navCount += series.length;
        await insertChunked(tx, t.navs, series.map((p) => ({ shareId: shareRow.id, date: p.date, nav: p.nav })));
        // A distributing share's annual dividends over its life (issue 34); none for an accumulation share.
        if (distributesDividends(share.characteristics.resultAllocation)) {
          const paid = demoDividends(share.isinCode, share.currency, series);
          await insertChunked(tx, t.dividends, paid.map((d) => ({ shareId: shareRow.id, exDate: d.exDate, recordDate: d.recordDate, paymentDate: d.paymentDate, amount: d.amount, currencyCode: d.currency })));
        }
        await insertChunked(
          tx,
          t.performanceScenarios,
          simulateScenarios(series, share.inceptionDate, fund.minRecommendedInvestmentDuration, scenarioMonths).map((f) => ({ ...f, shareId: shareRow.id })),
        );
        performanceRows.push(
          buildPerformanceRow(
            { id: shareRow.id, inceptionDate: share.inceptionDate, inceptionNav: share.inceptionNav },
            series,
            benchmarkSeries.get(fund.benchmarkCode) ?? null,
            riskFreeRate,
          ),
        );
      }
    }
    await savePerformanceRows(tx, performanceRows);

    await tx.insert(t.newsCategories).values([...newsCategories]);
    const newsIds = new Map<string, number>();
    for (const item of news) {
      for (const [locale, translation] of Object.entries(item.translations)) {
        const [row] = await tx
          .insert(t.news)
          .values({
            groupCode: item.group,
            locale,
            slug: translation.slug,
            categoryCode: item.categoryCode,
            title: translation.title,
            summary: translation.summary,
            body: translation.body,
            publishedAt: item.publishedAt,
            externalUrl: item.externalUrl,
            fundId: item.fundSlug ? (fundIds.get(item.fundSlug) ?? null) : null,
            author: item.author,
          })
          .returning({ id: t.news.id });
        if (!row) throw new Error(`news ${item.group}/${locale} not inserted`);
        newsIds.set(`${item.group}/${locale}`, row.id);
      }
    }

    // Fund events (issue 34), published the day they were announced, with the classes they concern.
    const eventIds: number[] = [];
    for (const event of house.events) {
      const fundId = fundIds.get(event.fundSlug);
      const fund = funds.find((f) => f.slug === event.fundSlug);
      if (fundId === undefined || !fund) throw new Error(`event of unknown fund ${event.fundSlug}`);
      const announced = new Date(`${event.announcedOn}T08:00:00Z`);
      const [row] = await tx
        .insert(t.fundEvents)
        .values({ fundId, type: event.type, title: event.title, body: event.body, announcedOn: event.announcedOn, effectiveOn: event.effectiveOn, endsOn: event.endsOn, createdAt: announced, updatedAt: announced })
        .returning({ id: t.fundEvents.id });
      if (!row) throw new Error(`event ${event.fundSlug}/${event.effectiveOn} not inserted`);
      eventIds.push(row.id);
      const isins = event.isins ?? fund.shares.map((s) => s.isinCode);
      await tx.insert(t.fundEventShares).values(
        isins.map((isin) => {
          const shareId = shareIds.get(isin);
          if (shareId === undefined) throw new Error(`event of unknown share ${isin}`);
          return { eventId: row.id, shareId };
        }),
      );
    }

    const documentRows = pdfs.map(({ owner, ...doc }) => {
      if (owner.kind === 'event') {
        const event = house.events[owner.index];
        if (!event) throw new Error(`notice of unknown event ${owner.index}`);
        // A notice is titled as its event, as the back-office stores it, and dated when it was published.
        return { ...doc, title: textIn(event.title, doc.locale), fundId: fundIds.get(owner.fundSlug) ?? null, shareId: null, newsId: null, eventId: eventIds[owner.index] ?? null, createdAt: new Date(`${event.announcedOn}T08:00:00Z`) };
      }
      return {
        ...doc,
        fundId: owner.kind === 'fund' ? (fundIds.get(owner.slug) ?? null) : null,
        shareId: owner.kind === 'share' ? (shareIds.get(owner.isin) ?? null) : null,
        newsId: owner.kind === 'news' ? (newsIds.get(`${owner.group}/${doc.locale}`) ?? null) : null,
      };
    });
    for (const row of documentRows) await tx.insert(t.documents).values(row);

    await insertChunked(tx, t.contentDocuments, buildContentDocuments(house));
    await tx.insert(t.seedRuns).values({ version: house.seedVersion });

    return {
      funds: funds.length,
      shares: shareIds.size,
      navs: navCount,
      benchmarkValues: benchmarkValueCount,
      documents: documentRows.length,
      news: newsIds.size,
      pages: pages.length,
    };
  });
}
