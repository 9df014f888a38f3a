import type { FetchedData, FundView, ShareView } from '../model';
import { PERFORMANCE_CODES, type PerformanceCode } from '../performance/compute';
import { formatPerformance } from '../performance/format';

/** Small FundView and ShareView builders for the unit tests of list logic (finder, headline figures). */

/** One performance figure as the API gives it, as of 20 Nov 2026, without a benchmark. */
export function makeFigure(code: FetchedData['code'], value: number | null): FetchedData {
  return {
    code,
    value,
    displayValue: formatPerformance(value, 'en'),
    date: '2026-11-20',
    dateTo: '20 Nov 2026',
    benchmarkValue: null,
    benchmarkDisplayValue: '-',
  };
}

export function makeShare(overrides: Partial<ShareView> & { figures?: Partial<Record<PerformanceCode, number | null>> } = {}): ShareView {
  const { figures = {}, ...rest } = overrides;
  const fetchedData = PERFORMANCE_CODES.map((code) => makeFigure(code, figures[code] ?? null));
  return {
    id: 1,
    fundSlug: 'fund',
    slug: 'part-c-eur',
    name: 'C EUR',
    isinCode: 'FR0000000001',
    managementGoal: '',
    inceptionDate: '2010-01-04',
    formattedInceptionDate: '4 Jan 2010',
    inceptionNav: 100,
    sriLevel: 3,
    currency: { code: 'EUR', symbol: '€' },
    lastPrice: null,
    fetchedData,
    calendarYears: [],
    lessThanOneYear: false,
    inceptionYear: 2010,
    isMain: true,
    active: true,
    url: '/en/funds/fund/shares/part-c-eur',
    characteristics: [],
    documents: [],
    visibleTo: ['RETAIL', 'INSTIT', 'CGP'],
    distribution: null,
    ...rest,
  };
}

type Category = { code: string; title: string; order: number };

export function makeFund(overrides: Partial<FundView> & { cat?: Category } = {}): FundView {
  const { cat = { code: 'equities', title: 'Equities', order: 1 }, ...rest } = overrides;
  const shares = rest.shares ?? [makeShare()];
  return {
    id: 1,
    slug: 'fund',
    title: 'Fund',
    category: { code: cat.code, title: cat.title, description: `${cat.title} funds` },
    categoryDisplayOrder: cat.order,
    isHighlight: false,
    description: '',
    philosophy: '',
    customData: {},
    classification: '',
    riskLevel: 4,
    sfdrArticle: 8,
    minRecommendedInvestmentDuration: 5,
    aum: { value: 1, currency: 'EUR', displayValue: '€1', date: '2026-10-31', dateTo: '31 Oct 2026' },
    eligibilities: [],
    specificCategory: null,
    tags: [],
    url: '/en/funds/fund',
    currencies: [...new Set(shares.map((s) => s.currency.code))].sort(),
    characteristics: [],
    esgLabels: [],
    sfdrDisclosure: null,
    partners: [],
    benchmark: null,
    documents: [],
    shares,
    visibleTo: ['RETAIL', 'INSTIT', 'CGP'],
    ...rest,
  };
}
