import { axeViolations } from '../support/axe';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { serializeConsent } from '../../src/domain/privacy/consent';
import { formatDate } from '../../src/domain/language/format';
import { formatPerformance } from '../../src/domain/performance/format';
import { roundedDifference } from '../../src/domain/performance/table';
import { funds } from '../../src/server/db/seed/fixtures/funds';

const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

/** The share under test: the main share of a fund with a long history and a benchmark (fixtures). */
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares.find((s) => s.isMain);
/** The share launched on 2026-03-02: less than a year of NAVs at the end of the demo data (2026-11-20). */
const youngFund = funds.find((f) => f.shares.some((s) => s.inceptionDate === '2026-03-02'));
const young = youngFund?.shares.find((s) => s.inceptionDate === '2026-03-02');
const hiddenFund = funds.find((f) => !f.visibleTo.includes('RETAIL'));
const AS_OF = '2026-11-20';

type ShareKey = 'sriLevel' | 'copyIsin' | 'isinCopied' | 'copyLink' | 'linkCopied' | 'tooYoung' | 'navHistoryCsv' | 'performanceCsv';
type Messages = {
  Share: Record<ShareKey, string>;
  ShareDistribution: { costs: { title: string } };
  Performance: {
    cumulativeCaption: string;
    annualisedCaption: string;
    riskCaption: string;
    rowHeader: string;
    benchmarkRow: string;
    showTable: string;
    column: Record<string, string>;
    growth: { title: string; periodLegend: string; chartTitleWithBenchmark: string; period: Record<string, string> };
    calendar: { title: string; chartTitleWithBenchmark: string };
  };
};

async function messages(locale: Locale): Promise<Messages> {
  return (await import(`../../messages/share/${locale}.json`, { with: { type: 'json' } })).default as Messages;
}

/** Fills an ICU message's {placeholders}. */
function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

type ShareData = {
  fetchedData: { code: string; value: number | null; benchmarkValue: number | null; displayValue: string; benchmarkDisplayValue: string; dateTo: string }[];
  calendarYears: { year: number; value: number; benchmark: number | null }[];
};

/** The figures as the GraphQL API serves them: the page must show the same ones. */
async function shareData(request: APIRequestContext, locale: Locale): Promise<ShareData> {
  const response = await request.post('/graphql', {
    data: {
      query: `query($locale: String!, $fund: String!, $slug: String!) { share(locale: $locale, fundSlug: $fund, slug: $slug) {
        fetchedData { code value benchmarkValue displayValue benchmarkDisplayValue dateTo } calendarYears { year value benchmark } } }`,
      variables: { locale, fund: fund?.slug, slug: share?.slug },
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { share: ShareData } }).data.share;
}

const sharePath = (locale: Locale) => `/${locale}/funds/${fund?.slug}/shares/${share?.slug}`;

test.beforeEach(async ({ context, baseURL }) => {
  // A visitor who has already made a consent choice and accepted the disclaimer: no banner covers the page.
  await context.addCookies([{ name: 'cookie_consent', value: serializeConsent({ video: false }, new Date()), url: baseURL ?? '' }]);
  await context.addInitScript(() => window.localStorage.setItem('disclaimer_validated', 'true'));
});

test('the fixtures have the shares these tests need', () => {
  expect(share?.inceptionDate).toBe('2010-03-01');
  expect(young?.visibleTo).toContain('RETAIL');
  expect(hiddenFund).toBeDefined();
});

/*
 * What the page says depends on the language: headings, labels, captions, figures and dates as each
 * language writes them, the addresses of its documents and files. It is checked below in all three
 * languages, in the server's HTML (contexts without JavaScript: no hydration to wait for, the same
 * roles and labels) or over HTTP. What the page does (copy, the chart's periods, a download, print,
 * axe on the hydrated page) does not depend on the language: each is driven once, with JavaScript,
 * in one language, the languages taking turns.
 */

/** The share's identity: heading, fund link, ISIN, SRI, copy buttons, documents and structured data. */
async function expectShareFacts(page: Page, locale: Locale) {
  const m = await messages(locale);
  const response = await page.goto(sharePath(locale));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${fund?.title[locale]} - ${share?.name}`);
  await expect(page.getByRole('main').getByRole('link', { name: fund?.title[locale], exact: true }).first()).toHaveAttribute('href', `/${locale}/funds/${fund?.slug}`);
  await expect(page.getByText(share?.isinCode ?? '', { exact: true })).toBeVisible();
  await expect(page.getByText(fill(m.Share.sriLevel, { level: share?.sriLevel ?? 0 }))).toHaveCount(1);
  await expect(page.getByRole('button', { name: m.Share.copyIsin })).toBeVisible();
  await expect(page.getByRole('button', { name: m.Share.copyLink })).toBeVisible();

  // The share's documents: only the types it has, each on the document route of docs/product.md §2.
  for (const type of share?.documents ?? []) {
    await expect(page.locator(`a[href="/e/${locale}/docs/funds/${fund?.slug}/${share?.isinCode}/${type}"]`)).toHaveCount(1);
  }

  // Structured data: the share class with its ISIN, and its last NAV as an offer in its currency.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
  expect(jsonLd.identifier).toEqual({ '@type': 'PropertyValue', propertyID: 'ISIN', value: share?.isinCode });
  expect(jsonLd.offers).toMatchObject({ '@type': 'Offer', priceCurrency: share?.currency, validFrom: AS_OF });
}

/** The cumulative, annualised and risk tables against the benchmark, with their as-of date, as the API computes them. */
async function expectPerformanceTables(page: Page, locale: Locale, data: ShareData) {
  const m = await messages(locale);
  const byCode = new Map(data.fetchedData.map((f) => [f.code, f]));
  const asOf = byCode.get('ytd')?.dateTo ?? '';
  const table = page.getByRole('table', { name: fill(m.Performance.cumulativeCaption, { date: asOf }) });
  await expect(table).toBeVisible();
  const codes = ['ytd', '1m', '3m', '6m', '1y', '3y', '5y', '10y', 'creation'];
  await expect(table.getByRole('columnheader')).toHaveText([m.Performance.rowHeader, ...codes.map((c) => m.Performance.column[c] ?? '')]);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(share?.name ?? '');
  await expect(rows.nth(1).getByRole('cell')).toHaveText(codes.map((c) => byCode.get(c)?.displayValue ?? ''));
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText(m.Performance.benchmarkRow);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(codes.map((c) => byCode.get(c)?.benchmarkDisplayValue ?? ''));
  const differences = codes.map((c) => formatPerformance(roundedDifference(byCode.get(c)?.value ?? null, byCode.get(c)?.benchmarkValue ?? null), locale));
  await expect(rows.nth(3).getByRole('cell')).toHaveText(differences);
  // docs/product.md §5: a positive figure starts with "+ "; this old share has every period.
  for (const text of await rows.nth(1).getByRole('cell').allInnerTexts()) expect(text).toMatch(/^(\+ \d|-\d|0)/);
  expect(codes.some((c) => (byCode.get(c)?.value ?? 0) > 0)).toBe(true);

  const annualised = page.getByRole('table', { name: fill(m.Performance.annualisedCaption, { date: asOf }) });
  await expect(annualised.getByRole('columnheader')).toHaveText([m.Performance.rowHeader, ...['3y_annu', '5y_annu', '10y_annu', 'creation_annu'].map((c) => m.Performance.column[c] ?? '')]);
  const risk = page.getByRole('table', { name: fill(m.Performance.riskCaption, { date: asOf }) });
  const riskCodes = ['vol_3y', 'vol_5y', 'sharpe_3y', 'sharpe_5y', 'max_drawdown_3y', 'max_drawdown_5y'];
  await expect(risk.getByRole('columnheader')).toHaveText([m.Performance.rowHeader, ...riskCodes.map((c) => m.Performance.column[c] ?? '')]);
  await expect(risk.getByRole('row').nth(1).getByRole('cell')).toHaveText(riskCodes.map((c) => byCode.get(c)?.displayValue ?? ''));
  // The past-performance warning beside each block: table, growth chart, calendar chart.
  await expect(page.getByRole('note')).toHaveCount(3);
}

/** The growth chart's period as drawn: numeric lines and grid, as the server computed them. */
async function expectDrawn(growth: Locator) {
  const paths = await growth.locator('figure path').evaluateAll((els) => els.map((el) => el.getAttribute('d') ?? ''));
  expect(paths.length).toBeGreaterThan(0);
  for (const d of paths) expect(d).toMatch(/^M-?\d+(\.\d)? -?\d+(\.\d)?(L-?\d+(\.\d)? -?\d+(\.\d)?)+$/);
  const grid = await growth.locator('figure line').evaluateAll((els) => els.map((el) => el.getAttribute('y1') ?? ''));
  for (const y of grid) expect(y).toMatch(/^-?\d+(\.\d+)?$/);
}

const growthChartName = (m: Messages, period: string) =>
  fill(m.Performance.growth.chartTitleWithBenchmark, { share: share?.name ?? '', period: m.Performance.growth.period[period] ?? '' });

/** The calendar-year bars, labelled in the language, and their table once shown. */
async function expectCalendar(page: Page, locale: Locale, data: ShareData) {
  const m = await messages(locale);
  const calendar = page.getByRole('region', { name: m.Performance.calendar.title });
  const years = [...data.calendarYears].sort((a, b) => a.year - b.year);
  expect(years).toHaveLength(10);
  const title = fill(m.Performance.calendar.chartTitleWithBenchmark, { share: share?.name ?? '', first: years[0]?.year ?? '', last: years[9]?.year ?? '' });
  const chart = calendar.getByRole('img', { name: title });
  await expect(chart).toBeVisible();
  const labels = await chart.locator('text').allTextContents();
  for (const y of years) {
    expect(labels).toContain(String(y.year));
    expect(labels).toContain(formatPerformance(y.value, locale, 1));
  }
  await calendar.getByText(m.Performance.showTable, { exact: true }).click();
  const table = calendar.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(11);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(String(years[0]?.year));
  await expect(rows.nth(1).getByRole('cell')).toHaveText([formatPerformance(years[0]?.value, locale, 1), formatPerformance(years[0]?.benchmark, locale, 1)]);
}

/** The page of a share younger than a year: why, and no figure at all. */
async function expectYoungShare(page: Page, request: APIRequestContext, locale: Locale) {
  const m = await messages(locale);
  const response = await page.goto(`/${locale}/funds/${youngFund?.slug}/shares/${young?.slug}`);
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  const why = fill(m.Share.tooYoung, { inception: formatDate('2026-03-02', locale), date: formatDate('2027-03-02', locale) });
  await expect(main.getByText(why)).toBeVisible();
  // Its costs are not performance (docs/distribution-data.md): the costs illustration is the page's only table.
  await expect(main.getByRole('table')).toHaveCount(1);
  await expect(main.getByRole('region', { name: m.ShareDistribution.costs.title }).getByRole('table')).toHaveCount(1);
  await expect(main.getByRole('img')).toHaveCount(0);
  await expect(main.getByRole('radio')).toHaveCount(0);
  await expect(main.getByRole('link', { name: m.Share.performanceCsv })).toHaveCount(0);
  // No percentage anywhere in the page's content but its target market and costs.
  const withoutDistribution = await main.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const section of copy.querySelectorAll('[aria-labelledby="target-market-heading"], [aria-labelledby="costs-heading"]')) section.remove();
    return copy.textContent ?? '';
  });
  expect(withoutDistribution).toContain(why);
  expect(withoutDistribution).not.toMatch(/\d\s?%/);
  for (const file of ['performance.csv', 'nav-history.csv']) {
    expect((await request.get(`/e/${locale}/data/funds/${youngFund?.slug}/${young?.isinCode}/${file}`)).status()).toBe(404);
  }
}

/** The NAV history as served: one line per NAV from the share's inception to the last NAV. */
function expectNavHistory(csv: string) {
  const navLines = csv.split('\r\n');
  expect(navLines[0]).toBe('\uFEFFisin,date,nav,currency');
  expect(navLines[1]).toBe(`${share?.isinCode},${share?.inceptionDate},${share?.inceptionNav},${share?.currency}`);
  expect(navLines.at(-2)?.startsWith(`${share?.isinCode},${AS_OF},`)).toBe(true);
}

/** The performance CSV linked from the page, its labels in the page's language. */
async function expectPerformanceCsv(page: Page, request: APIRequestContext, locale: Locale) {
  const m = await messages(locale);
  const url = `/e/${locale}/data/funds/${fund?.slug}/${share?.isinCode}/performance.csv`;
  await expect(page.getByRole('link', { name: m.Share.performanceCsv })).toHaveAttribute('href', url);
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers()['content-disposition']).toContain(`attachment; filename="${share?.isinCode}-performance-${AS_OF}.csv"`);
  const lines = (await response.text()).split('\r\n');
  expect(lines[0]).toBe('\uFEFFisin,currency,as_of,group,code,label,share,benchmark,unit');
  expect(lines[1]).toMatch(new RegExp(`^${share?.isinCode},EUR,${AS_OF},[^,]+,ytd,${escape(m.Performance.column.ytd ?? '')},-?\\d+\\.\\d\\d,-?\\d+\\.\\d\\d,%$`));
}

for (const locale of LOCALES) {
  test.describe(`share page in ${locale}, as the server renders it`, () => {
    test.use({ javaScriptEnabled: false });

    // One visit for everything the share's page shows, from the same server's HTML.
    test('shows the share, its performance tables as the API computes them, its growth and calendar charts, and its CSV files', async ({ page, request }) => {
      const m = await messages(locale);
      const data = await shareData(request, locale);
      await expectShareFacts(page, locale);
      await expectPerformanceTables(page, locale, data);

      const growth = page.getByRole('region', { name: m.Performance.growth.title });
      await expect(growth.getByRole('group', { name: m.Performance.growth.periodLegend }).getByRole('radio')).toHaveCount(9);
      await expect(growth.getByRole('radio', { name: m.Performance.growth.period['5y'] })).toBeChecked();
      await expect(growth.getByRole('img', { name: growthChartName(m, '5y') })).toBeVisible();
      await expectDrawn(growth);
      await expectCalendar(page, locale, data);

      const href = (await page.getByRole('link', { name: m.Share.navHistoryCsv }).getAttribute('href')) ?? '';
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-disposition'], href).toContain(`filename="${share?.isinCode}-nav-history-${AS_OF}.csv"`);
      expectNavHistory(await response.text());
      await expectPerformanceCsv(page, request, locale);
    });

    test('a share younger than a year shows why and no figure at all', async ({ page, request }) => {
      await expectYoungShare(page, request, locale);
    });

    test('the share URL without a share leads to the main share', async ({ page }) => {
      await page.goto(`/${locale}/funds/${fund?.slug}/shares`);
      await expect(page).toHaveURL(new RegExp(`${sharePath(locale)}$`));
      expect((await page.goto(`/${locale}/funds/no-such-fund/shares`))?.status()).toBe(404);
    });
  });
}

/*
 * With JavaScript, one language per behaviour (the languages take turns), each after the same
 * content checks on the hydrated page.
 */
test.describe('share page with JavaScript', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('in fr: shows the share and its performance tables, copies its ISIN and its link with a confirmation, and has no axe violation', async ({ page, baseURL, request }) => {
    test.slow(); // axe over the whole share page takes a while on a small machine
    const locale = 'fr';
    const m = await messages(locale);
    await expectShareFacts(page, locale);
    await expectPerformanceTables(page, locale, await shareData(request, locale));

    await page.getByRole('button', { name: m.Share.copyIsin }).click();
    await expect(page.getByRole('status').filter({ hasText: m.Share.isinCopied })).toHaveText(m.Share.isinCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(share?.isinCode);

    await page.getByRole('button', { name: m.Share.copyLink }).click();
    await expect(page.getByRole('status').filter({ hasText: m.Share.linkCopied })).toHaveText(m.Share.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${sharePath(locale)}`);

    expect((await axeViolations(page))).toEqual([]);
  });

  test('in en: switches the growth chart between periods, and shows the calendar-year bars with their table', async ({ page, request }) => {
    const locale = 'en';
    const m = await messages(locale);
    const data = await shareData(request, locale);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(sharePath(locale));
    const growth = page.getByRole('region', { name: m.Performance.growth.title });
    const chartName = (period: string) => growthChartName(m, period);
    const periods = growth.getByRole('group', { name: m.Performance.growth.periodLegend }).getByRole('radio');
    await expect(periods).toHaveCount(9);
    // Five years by default; the choices work once the page's script has run.
    await expect(growth.getByRole('radio', { name: m.Performance.growth.period['5y'] })).toBeChecked();
    await expect(periods.first()).toBeEnabled();
    await expect(growth.getByRole('img', { name: chartName('5y') })).toBeVisible();
    await expectDrawn(growth);
    await growth.getByText(m.Performance.growth.period['1y'] ?? '', { exact: true }).click();
    await expect(growth.getByRole('img', { name: chartName('1y') })).toBeVisible();
    await expect(growth.getByRole('img', { name: chartName('5y') })).toBeHidden();
    // Arrow keys move through the periods: 1 year → 3 years.
    await growth.getByRole('radio', { name: m.Performance.growth.period['1y'] }).press('ArrowRight');
    await expect(growth.getByRole('img', { name: chartName('3y') })).toBeVisible();
    await expect(growth.getByRole('img')).toHaveCount(1);
    // The data table follows the chosen period.
    await growth.getByText(m.Performance.showTable, { exact: true }).click();
    await expect(growth.getByRole('table', { name: chartName('3y') })).toBeVisible();
    await expectDrawn(growth);
    expect(consoleErrors).toEqual([]);

    await expectCalendar(page, locale, data);
  });

  test('in es: a share younger than a year shows why and no figure at all, and has no axe violation', async ({ page, request }) => {
    test.slow(); // axe
    await expectYoungShare(page, request, 'es');
    expect((await axeViolations(page))).toEqual([]);
  });

  test('in fr: downloads the NAV history and the performance table as CSV', async ({ page, request }) => {
    const locale = 'fr';
    const m = await messages(locale);
    await page.goto(sharePath(locale));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: m.Share.navHistoryCsv }).click()]);
    expect(download.suggestedFilename()).toBe(`${share?.isinCode}-nav-history-${AS_OF}.csv`);
    expectNavHistory(await readFile((await download.path()) ?? '', 'utf8'));
    await expectPerformanceCsv(page, request, locale);
  });

  test('in es: prints as a factsheet without the site header, footer and buttons', async ({ page }) => {
    const m = await messages('es');
    await page.goto(sharePath('es'));
    await expect(page.getByRole('banner')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: m.Share.copyLink })).toBeHidden();
    await expect(page.getByRole('group', { name: m.Performance.growth.periodLegend })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('region', { name: m.Performance.growth.title }).getByRole('img')).toBeVisible();
    // Nothing wider than the A4 page's printable width (210 mm − 2 × 12 mm ≈ 703 px).
    await page.setViewportSize({ width: 703, height: 1000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(703);
  });
});

test.describe('downloads follow the investor profile and reject bad parameters', () => {
  test('a fund hidden from RETAIL is 404 to RETAIL and 200 to INSTIT', async ({ playwright, baseURL }) => {
    const hiddenShare = hiddenFund?.shares.find((s) => s.visibleTo.includes('INSTIT') && s.inceptionDate < '2025-01-01');
    const url = `/e/en/data/funds/${hiddenFund?.slug}/${hiddenShare?.isinCode}/nav-history.csv`;
    const retail = await playwright.request.newContext({ baseURL });
    expect((await retail.get(url)).status()).toBe(404);
    const instit = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: 'investor_profile=INSTIT' } });
    expect((await instit.get(url)).status()).toBe(200);
    await retail.dispose();
    await instit.dispose();
  });

  test('a malformed locale, slug, ISIN or file name is 404', async ({ request }) => {
    const isin = share?.isinCode ?? '';
    for (const url of [
      `/de/data/funds/${fund?.slug}/${isin}/performance.csv`,
      `/en/data/funds/Bad_Slug/${isin}/performance.csv`,
      `/en/data/funds/${fund?.slug}/${isin.toLowerCase()}/performance.csv`,
      `/en/data/funds/${fund?.slug}/NOT-AN-ISIN/performance.csv`,
      `/en/data/funds/${fund?.slug}/${isin}/secrets.csv`,
      `/en/data/funds/${youngFund?.slug}/${isin}/performance.csv`,
    ]) {
      expect((await request.get(`/e${url}`)).status(), url).toBe(404);
    }
  });
});

test('on a phone the page keeps its width: the tables scroll sideways with their row labels in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const m = await messages('en');
  await page.goto(sharePath('en'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  const region = page.getByRole('region', { name: /^Cumulative performance/ });
  const header = region.getByRole('rowheader', { name: share?.name });
  await region.scrollIntoViewIfNeeded();
  const before = await header.boundingBox();
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(region.getByRole('columnheader', { name: m.Performance.column.creation })).toBeInViewport();
  expect((await header.boundingBox())?.x).toBe(before?.x);
});

test('without JavaScript the growth chart shows its default period and table, and its period choices are disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page: Page = await context.newPage();
  const m = await messages('en');
  await page.goto(sharePath('en'));
  const growth = page.getByRole('region', { name: m.Performance.growth.title });
  await expect(growth.getByRole('img')).toHaveCount(1);
  await expect(growth.getByRole('img', { name: new RegExp(`${escape(m.Performance.growth.period['5y'] ?? '')}$`) })).toBeVisible();
  const periods = growth.getByRole('group', { name: m.Performance.growth.periodLegend }).getByRole('radio');
  await expect(periods).toHaveCount(9);
  for (const radio of await periods.all()) await expect(radio).toBeDisabled();
  await growth.getByText(m.Performance.showTable, { exact: true }).click();
  await expect(growth.getByRole('table')).toBeVisible();
  await expect(growth.getByRole('table').getByRole('row')).toHaveCount(13);
  await context.close();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
