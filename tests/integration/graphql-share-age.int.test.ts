/**
 * docs/product.md §4 and EU rules: a share younger than a year (lessThanOneYear) shows no performance at all.
 * The API hands out none either: no figure, no calendar year, no growth series.
 */
import { describe, expect, it } from 'vitest';
import { CHART_PERIODS } from '../../src/domain/performance/compute';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { gql } from './graphql-client';

const youngFund = funds.find((f) => f.shares.some((s) => s.inceptionDate === '2026-03-02'));
const young = youngFund?.shares.find((s) => s.inceptionDate === '2026-03-02');
const oldFund = funds.find((f) => f.slug === 'aurore-actions-europe');
const old = oldFund?.shares.find((s) => s.isMain);

type Figure = { code: string; value: number | null; displayValue: string; benchmarkValue: number | null; benchmarkDisplayValue: string };
type Share = { lessThanOneYear: boolean; fetchedData: Figure[]; calendarYears: unknown[]; [period: string]: unknown };

const SHARE_QUERY = /* GraphQL */ `
  query ($locale: String!, $fundSlug: String!, $slug: String!, $profile: String) {
    share(locale: $locale, fundSlug: $fundSlug, slug: $slug, investorProfile: $profile) {
      lessThanOneYear
      fetchedData { code value displayValue benchmarkValue benchmarkDisplayValue }
      calendarYears { year value }
      ${CHART_PERIODS.map((p) => `g${p}: growth(period: "${p}", maxPoints: 10) { share { value } }`).join('\n      ')}
    }
  }
`;

async function share(fundSlug: string, slug: string, profile: string): Promise<Share> {
  const response = await gql<{ share: Share }>(SHARE_QUERY, { locale: 'en', fundSlug, slug, profile });
  expect(response.errors).toBeUndefined();
  return response.data?.share as Share;
}

describe('a share younger than a year through GraphQL', () => {
  it('has no performance figure, calendar year or growth series', async () => {
    const profile = youngFund?.visibleTo.includes('RETAIL') ? 'RETAIL' : 'INSTIT';
    const view = await share(youngFund?.slug ?? '', young?.slug ?? '', profile);
    expect(view.lessThanOneYear).toBe(true);
    expect(view.fetchedData.length).toBeGreaterThan(0);
    for (const figure of view.fetchedData) {
      expect(figure, figure.code).toMatchObject({ value: null, displayValue: '-', benchmarkValue: null, benchmarkDisplayValue: '-' });
    }
    expect(view.calendarYears).toEqual([]);
    for (const period of CHART_PERIODS) expect(view[`g${period}`], period).toBeNull();
  });

  it('while an older share keeps its figures and series', async () => {
    const view = await share(oldFund?.slug ?? '', old?.slug ?? '', 'RETAIL');
    expect(view.lessThanOneYear).toBe(false);
    for (const code of ['1m', '3m', '6m', 'creation', '1y']) expect(view.fetchedData.find((f) => f.code === code)?.value, code).toEqual(expect.any(Number));
    expect(view.calendarYears.length).toBeGreaterThan(0);
    for (const period of CHART_PERIODS) expect(view[`g${period}`], period).toMatchObject({ share: expect.arrayContaining([{ value: expect.any(Number) }]) });
  });
});
