import 'server-only';
import type { Locale } from '@/env';
import { CHART_PERIODS, downsample, type ChartPeriod } from '@/domain/performance/compute';
import type { Audience } from '@/domain/registrations/audience';
import type { DocumentRef, FetchedData, FundCategoryView, FundView, ShareView } from '@/domain/model';
import { NO_VALUE } from '@/domain/performance/format';
import { sanitizeRichText } from '@/domain/content/rich-text';
import { getDb } from '@/server/db';
import { getFund, getShare, getShareByIsin, listFundCategories, listFunds, shareRegistrationsOf } from '@/server/funds/queries';
import { getNewsItem, listNews, listNewsCategories } from '@/server/news/queries';
import { getPortfolio } from '@/server/portfolios/queries';
import { fundRestrictions, listNotices } from '@/server/events/queries';
import { NOTICES_PAGE_SIZE } from '@/domain/events/notices';
import { growthSeries, navHistory } from '@/server/navs/queries';
import {
  getCompany,
  getPage,
  listCountries,
  listDocumentTypes,
  listInvestorProfiles,
  listPages,
} from '@/server/site/queries';
import { audienceOf, badInput, countryOf, profileOf, requireLocale } from './context';
import { GROWTH_MIN_POINTS, seriesPoints } from './limits';

/** Objects handed down the tree remember the locale and audience (profile × country) they were asked for. */
type Scoped<T> = T & { __locale: Locale; __audience: Audience };
const scope = <T extends object>(value: T, locale: Locale, audience: Audience): Scoped<T> =>
  Object.assign(Object.create(null) as object, value, { __locale: locale, __audience: audience }) as Scoped<T>;

type Args = Record<string, unknown>;
const GQL_FUND_OPTIONS = { includeInactiveShares: true };

function byTypes(documents: DocumentRef[], types: unknown): DocumentRef[] {
  return Array.isArray(types) && types.length > 0 ? documents.filter((d) => types.includes(d.documentType.code)) : documents;
}

/**
 * docs/product.md §4 and EU rules: a share younger than a year shows no performance at all, so the API gives
 * none either (its pages hide them the same way): every figure "not available", no calendar year,
 * no growth series. The codes and dates stay, so a client's table keeps its shape.
 */
function withoutPerformance(figure: FetchedData): FetchedData {
  return { ...figure, value: null, displayValue: NO_VALUE, benchmarkValue: null, benchmarkDisplayValue: NO_VALUE };
}

export const resolvers = {
  Query: {
    pages: (_: unknown, args: Args) => listPages(requireLocale(args.locale), args.codes as string[] | null),
    page: (_: unknown, args: Args) => getPage(requireLocale(args.locale), String(args.code)),
    company: (_: unknown, args: Args) => getCompany(requireLocale(args.locale)),
    countries: (_: unknown, args: Args) => listCountries(requireLocale(args.locale)),
    investorProfiles: (_: unknown, args: Args) => listInvestorProfiles(requireLocale(args.locale)),
    documentTypes: (_: unknown, args: Args) => listDocumentTypes(requireLocale(args.locale)),
    fundCategories: async (_: unknown, args: Args) => {
      const locale = requireLocale(args.locale);
      const audience = await audienceOf({});
      const categories = await listFundCategories(locale, audience, GQL_FUND_OPTIONS);
      return categories.map((c) => scope(c, locale, audience));
    },
    funds: async (_: unknown, args: Args) => {
      const locale = requireLocale(args.locale);
      const audience = await audienceOf(args);
      return (await listFunds(locale, audience, GQL_FUND_OPTIONS)).map((f) => scope(f, locale, audience));
    },
    fund: async (_: unknown, args: Args) => {
      const locale = requireLocale(args.locale);
      const audience = await audienceOf(args);
      const fund = await getFund(locale, String(args.slug), audience, GQL_FUND_OPTIONS);
      return fund ? scope(fund, locale, audience) : null;
    },
    share: async (_: unknown, args: Args) => {
      const locale = requireLocale(args.locale);
      const audience = await audienceOf(args);
      const found = await getShare(locale, String(args.fundSlug), String(args.slug), audience);
      return found ? scope(found.share, locale, audience) : null;
    },
    shareByIsin: async (_: unknown, args: Args) => {
      const locale = requireLocale(args.locale);
      const audience = await audienceOf(args);
      const found = await getShareByIsin(locale, String(args.isinCode).toUpperCase(), audience);
      return found ? scope(found.share, locale, audience) : null;
    },
    newsCategories: (_: unknown, args: Args) => listNewsCategories(requireLocale(args.locale)),
    news: async (_: unknown, args: Args) => {
      const locale = requireLocale(args.locale);
      return listNews(locale, await audienceOf(args), {
        category: args.category as string | null,
        fundSlug: args.fundSlug as string | null,
        limit: args.limit as number,
        offset: args.offset as number,
      });
    },
    newsItem: async (_: unknown, args: Args) => getNewsItem(requireLocale(args.locale), String(args.slug), await audienceOf(args)),
  },

  FundCategory: {
    funds: async (category: Scoped<FundCategoryView>, args: Args) => {
      const locale = args.locale ? requireLocale(args.locale) : category.__locale;
      const audience = await audienceOf(args);
      const funds = await listFunds(locale, audience, GQL_FUND_OPTIONS);
      return funds.filter((f) => f.category.code === category.code).map((f) => scope(f, locale, audience));
    },
  },

  Fund: {
    shares: async (fund: Scoped<FundView>, args: Args) => {
      const locale = args.locale ? requireLocale(args.locale) : fund.__locale;
      const audience: Audience = {
        profile: args.investorProfile ? profileOf(args.investorProfile) : fund.__audience.profile,
        country: args.country ? await countryOf(args.country) : fund.__audience.country,
      };
      let shares = fund.shares;
      if (locale !== fund.__locale || audience.profile !== fund.__audience.profile || audience.country !== fund.__audience.country) {
        shares = (await getFund(locale, fund.slug, audience, GQL_FUND_OPTIONS))?.shares ?? [];
      }
      return shares.filter((s) => args.activeOnly === false || s.active).map((s) => scope(s, locale, audience));
    },
    mainShare: (fund: Scoped<FundView>) => {
      const main = fund.shares.find((s) => s.isMain && s.active) ?? fund.shares.find((s) => s.active);
      return main ? scope(main, fund.__locale, fund.__audience) : null;
    },
    documents: (fund: FundView, args: Args) => byTypes(fund.documents, args.types),
    news: async (fund: Scoped<FundView>, args: Args) =>
      (await listNews(fund.__locale, fund.__audience, { fundSlug: fund.slug, limit: args.limit as number })).items,
    portfolio: (fund: Scoped<FundView>) => getPortfolio(fund.id, fund.__locale),
    restrictions: async (fund: Scoped<FundView>) =>
      (await fundRestrictions(fund.__locale, fund.__audience, fund.slug)).map((r) => ({ ...r, noticeUrl: r.document?.url ?? null, shares: r.isinCodes })),
    notices: async (fund: Scoped<FundView>, args: Args) => {
      const limit = Math.min(NOTICES_PAGE_SIZE, Math.max(0, typeof args.limit === 'number' ? args.limit : 10));
      const { items } = await listNotices(fund.__locale, fund.__audience, { fundSlug: fund.slug, limit });
      return items.map((n) => ({ ...n, shares: n.shares.map((s) => s.isinCode) }));
    },
  },

  Share: {
    fetchedData: (share: ShareView, args: Args) => {
      const figures =
        Array.isArray(args.codes) && args.codes.length > 0
          ? share.fetchedData.filter((d) => (args.codes as string[]).includes(d.code))
          : share.fetchedData;
      return share.lessThanOneYear ? figures.map(withoutPerformance) : figures;
    },
    calendarYears: (share: ShareView) => (share.lessThanOneYear ? [] : share.calendarYears),
    documents: (share: ShareView, args: Args) => byTypes(share.documents, args.types),
    growth: async (share: Scoped<ShareView>, args: Args) => {
      const period = String(args.period);
      if (!(CHART_PERIODS as readonly string[]).includes(period)) {
        throw badInput(`Unknown period "${period}". Periods: ${CHART_PERIODS.join(', ')}.`);
      }
      if (!share.lastPrice || share.lessThanOneYear) return null;
      const fund = await getFund(share.__locale, share.fundSlug, share.__audience);
      if (!fund) return null;
      const maxPoints = seriesPoints(args.maxPoints, GROWTH_MIN_POINTS);
      return growthSeries(share, fund.benchmark?.code ?? null, share.lastPrice.date, period as ChartPeriod, maxPoints);
    },
    registrations: (share: ShareView) => shareRegistrationsOf(share.id),
    targetMarket: (share: ShareView) =>
      share.distribution
        ? {
            ...share.distribution.targetMarket,
            date: share.distribution.targetMarketDate,
            riskTolerance: share.sriLevel,
            minimumHoldingYears: share.distribution.costs.years,
            statements: share.distribution.statements,
          }
        : null,
    costs: (share: ShareView) => {
      if (!share.distribution) return null;
      const { exAnte, exAnteDate, exPost, illustration, years } = share.distribution.costs;
      return { exAnte, exAnteDate, exPost, illustration: illustration ? { ...illustration, currency: share.currency.code, holdingYears: years } : null };
    },
    navHistory: async (share: ShareView, args: Args) => {
      const max = seriesPoints(args.maxPoints);
      const points = await navHistory(await getDb(), share.id, typeof args.from === 'string' ? args.from : null);
      return downsample(points, max).map((p) => ({ date: p.date, value: p.nav }));
    },
  },

  // The stored answers (src/domain/distribution/target-market.ts) behind the schema's enums.
  TargetMarketAnswer: { YES: 'Y', NO: 'N', NEUTRAL: 'Neutral' },
  ProfessionalAnswer: { YES: 'Y', NO: 'N', PER_SE: 'P', ELECTIVE: 'E' },
  DistributionChannel: { RETAIL: 'R', PROFESSIONAL: 'P', BOTH: 'B', NONE: 'N' },

  Company: {
    infos: (company: { infos: { code: string; content: string }[] }, args: Args) =>
      Array.isArray(args.codes) && args.codes.length > 0
        ? company.infos.filter((i) => (args.codes as string[]).includes(i.code))
        : company.infos,
  },

  Portfolio: {
    allocations: (portfolio: { allocations: { dimension: string }[] }, args: Args) =>
      args.dimension ? portfolio.allocations.filter((a) => a.dimension === args.dimension) : portfolio.allocations,
  },

  NewsItem: {
    body: (item: { body: string }) => sanitizeRichText(item.body),
  },

  /**
   * Page texts are rich text: the API hands them out cleaned (docs/product.md §5), so a client may render them
   * as HTML. Texts that hold a URL (a video, a link target: codes 'video' and '*-url') are data, not markup.
   */
  Text: {
    content: (text: { code: string; content: string }) =>
      text.code === 'video' || text.code.endsWith('-url') ? text.content : sanitizeRichText(text.content),
  },
};
