import { axeViolations } from '../support/axe';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { serializeConsent } from '../../src/domain/privacy/consent';
import { formatDate } from '../../src/domain/language/format';
import { formatPerformance } from '../../src/domain/performance/format';
import { formatMonth } from '../../src/domain/performance/scenarios';
import { funds } from '../../src/server/db/seed/fixtures/funds';

const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

/** An old share with a benchmark (ten complete years), and the share launched on 2026-03-02 (less than a year). */
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares.find((s) => s.isMain);
const youngFund = funds.find((f) => f.shares.some((s) => s.inceptionDate === '2026-03-02'));
const young = youngFund?.shares.find((s) => s.inceptionDate === '2026-03-02');

type Texts = {
  past: Record<'title' | 'heading' | 'chartTitleBenchmark' | 'tableCaption' | 'notReliable' | 'charges' | 'launch' | 'currencyNote' | 'notEnoughData' | 'csv', string>;
  scenarios: Record<'title' | 'heading' | 'latest' | 'archive' | 'scenario' | 'csv', string> & { names: Record<string, string> };
};

async function texts(locale: Locale): Promise<Texts> {
  return ((await import(`../../messages/share/${locale}.json`, { with: { type: 'json' } })).default as { SharePublications: Texts }).SharePublications;
}

const fill = (message: string, values: Record<string, string | number>) => message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

async function calendarYears(request: APIRequestContext, locale: Locale) {
  const response = await request.post('/graphql', {
    data: {
      query: 'query($locale: String!, $fund: String!, $slug: String!) { share(locale: $locale, fundSlug: $fund, slug: $slug) { calendarYears { year value benchmark } } }',
      variables: { locale, fund: fund?.slug, slug: share?.slug },
    },
  });
  expect(response.ok()).toBe(true);
  const years = ((await response.json()) as { data: { share: { calendarYears: { year: number; value: number; benchmark: number | null }[] } } }).data.share.calendarYears;
  return [...years].sort((a, b) => a.year - b.year);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookie_consent', value: serializeConsent({ video: false }, new Date()), url: baseURL ?? '' }]);
  await context.addInitScript(() => window.localStorage.setItem('disclaimer_validated', 'true'));
});

for (const locale of LOCALES) {
  test(`past performance in ${locale}: reached from the share page, the chart and its table give the share page's figures, no axe violation`, async ({ page, request }) => {
    test.slow();
    const t = await texts(locale);
    const years = await calendarYears(request, locale);
    expect(years).toHaveLength(10);
    await page.goto(`/${locale}/funds/${fund?.slug}/shares/${share?.slug}`);
    await page.getByRole('link', { name: t.past.title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/funds/${fund?.slug}/shares/${share?.slug}/past-performance$`));
    const name = `${fund?.title[locale]} - ${share?.name}`;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(t.past.heading, { share: name }));

    const chart = page.getByRole('img', { name: fill(t.past.chartTitleBenchmark, { share: share?.name ?? '', first: years[0]?.year ?? '', last: years[9]?.year ?? '' }) });
    await expect(chart).toBeVisible();
    const labels = await chart.locator('text').allTextContents();
    const table = page.getByRole('table', { name: fill(t.past.tableCaption, { currency: share?.currency ?? '' }) });
    await expect(table).toBeVisible();
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(11);
    for (const [i, y] of years.entries()) {
      const label = formatPerformance(y.value, locale, 1);
      expect(labels).toContain(String(y.year));
      expect(labels).toContain(label);
      await expect(rows.nth(i + 1).getByRole('rowheader')).toHaveText(String(y.year));
      await expect(rows.nth(i + 1).getByRole('cell')).toHaveText([label, formatPerformance(y.benchmark, locale, 1)]);
    }
    // Annex VIII's statements: not a reliable guide, charges, launch year, currency.
    await expect(page.getByText(t.past.notReliable)).toBeVisible();
    await expect(page.getByText(t.past.charges)).toBeVisible();
    await expect(page.getByText(fill(t.past.currencyNote, { currency: share?.currency ?? '' }))).toBeVisible();
    await expect(page.getByRole('link', { name: t.past.csv })).toHaveAttribute('href', `/e/${locale}/data/funds/${fund?.slug}/${share?.isinCode}/past-performance.csv`);
    expect((await axeViolations(page))).toEqual([]);
  });
}

test('past performance of a share younger than a year: not yet enough data, no bars', async ({ page }) => {
  const t = await texts('en');
  const response = await page.goto(`/en/funds/${youngFund?.slug}/shares/${young?.slug}/past-performance`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText(t.past.notEnoughData.split('{date}')[0] ?? '')).toBeVisible();
  await expect(page.getByRole('main').getByRole('img')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
  await expect(page.getByText(fill(t.past.launch, { year: 2026, date: formatDate('2026-03-02', 'en') }))).toBeVisible();
});

for (const locale of LOCALES) {
  test(`previous performance scenarios in ${locale}: newest month first, four scenarios, no axe violation`, async ({ page }) => {
    test.slow();
    const t = await texts(locale);
    await page.goto(`/${locale}/funds/${fund?.slug}/shares/${share?.slug}`);
    await page.getByRole('link', { name: t.scenarios.title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/shares/${share?.slug}/performance-scenarios$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(t.scenarios.heading, { share: `${fund?.title[locale]} - ${share?.name}` }));
    const october = formatMonth('2026-10', locale);
    const latest = page.getByRole('region', { name: fill(t.scenarios.latest, { month: october }) });
    await expect(latest).toBeVisible();
    await expect(latest.getByRole('rowheader')).toHaveText(['stress', 'unfavourable', 'moderate', 'favourable'].map((s) => t.scenarios.names[s] ?? ''));
    // One year and the fund's five-year recommended holding period: an amount and a return each.
    await expect(latest.getByRole('row').nth(1).getByRole('cell')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: t.scenarios.archive })).toBeVisible();
    await expect(page.getByRole('link', { name: t.scenarios.csv })).toHaveAttribute('href', `/e/${locale}/data/funds/${fund?.slug}/${share?.isinCode}/performance-scenarios.csv`);
    expect((await axeViolations(page))).toEqual([]);
  });
}

test('the fund’s documents tab names both pages of each share class', async ({ page }) => {
  const t = await texts('en');
  await page.goto(`/en/funds/${fund?.slug}/documents`);
  await expect(page.locator(`a[href="/en/funds/${fund?.slug}/shares/${share?.slug}/past-performance"]`)).toHaveText(t.past.title);
  await expect(page.locator(`a[href="/en/funds/${fund?.slug}/shares/${share?.slug}/performance-scenarios"]`)).toHaveText(t.scenarios.title);
});
