import { axeViolations } from '../support/axe';
import { LOCALES, type Locale } from '../support/public-pages';
import { expect, test, type Page } from '@playwright/test';
import { createTranslator } from 'next-intl';
import { costIllustration, type CostIllustration } from '../../src/domain/distribution/cost-illustration';
import { formatCostAmount, formatCostRate } from '../../src/domain/distribution/format';
import { targetMarketStatements } from '../../src/domain/distribution/target-market';
import { formatDate } from '../../src/domain/language/format';
import { shareDistributionOf } from '../../src/server/db/seed/fixtures/distribution';
import { funds } from '../../src/server/db/seed/fixtures/funds';

/**
 * The share page's distribution data (docs/distribution-data.md): the MiFID II target market in
 * plain words, the costs and charges illustration with the figures `costIllustration` computes from
 * the share's stored ex-ante costs, its CSV, and the FinDatEx files for distributors. What the
 * language changes is read from the server's HTML, JavaScript off, in fr, en and es; axe runs once,
 * on the hydrated page.
 */

/** A fund with a long history (ex-post costs known), an entry charge and a "not for" side to its target market. */
const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares.find((s) => s.isMain);
/** A money market fund: a limited loss of capital, with its level. */
const moneyFund = funds.find((f) => f.slug === 'aurore-tresorerie');
const moneyShare = moneyFund?.shares.find((s) => s.isMain);

const data = fund && share ? shareDistributionOf(fund, share) : null;
const years = fund?.minRecommendedInvestmentDuration ?? 0;
const illustration: CostIllustration | null = data ? costIllustration(data.exAnte, years) : null;

const sharePath = (locale: Locale, f = fund, s = share) => `/${locale}/funds/${f?.slug}/shares/${s?.slug}`;

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The page's own messages, formatted as the page formats them (ICU plurals included). */
async function translator(locale: Locale): Promise<Translate> {
  const messages = (await import(`../../messages/share/${locale}.json`, { with: { type: 'json' } })).default as Record<string, unknown>;
  const t = createTranslator({ locale, messages: messages as never, namespace: 'ShareDistribution' as never }) as unknown as Translate;
  return (key, values) => t(key, values);
}

test('the fixtures have the shares these tests need', () => {
  expect(share?.visibleTo).toContain('RETAIL');
  expect(share?.currency).toBe('EUR');
  expect(years).toBe(5);
  // An entry charge and ex-post costs to show; a target market with something it is not for.
  expect(data?.exAnte.entry).toBeGreaterThan(0);
  expect(data?.exPost).not.toBeNull();
  expect(data && targetMarketStatements(data.targetMarket).some((s) => !s.positive)).toBe(true);
  expect(moneyShare && moneyFund && shareDistributionOf(moneyFund, moneyShare).targetMarket.lossBearing.limitedLossLevel).toBe(0.01);
});

/** Who the share is for and not for, one sentence per statement, then its risk tolerance, holding period and date. */
async function expectTargetMarket(page: Page, locale: Locale, t: Translate) {
  if (!data || !share) throw new Error('fixtures');
  const region = page.getByRole('region', { name: t('targetMarket.title') });
  await expect(region).toBeVisible();
  const statements = targetMarketStatements(data.targetMarket);
  const sentence = (s: (typeof statements)[number]) =>
    t(`targetMarket.statements.${s.section}.${s.key}`, s.percent === undefined ? {} : { percent: formatCostRate(s.percent, locale) });
  await expect(region.getByRole('list', { name: t('targetMarket.for') }).getByRole('listitem')).toHaveText(statements.filter((s) => s.positive).map(sentence));
  await expect(region.getByRole('list', { name: t('targetMarket.notFor') }).getByRole('listitem')).toHaveText(statements.filter((s) => !s.positive).map(sentence));
  await expect(region.getByText(t('targetMarket.riskTolerance', { level: share.sriLevel }), { exact: true })).toBeVisible();
  await expect(region.getByText(t('targetMarket.holding', { years }), { exact: true })).toBeVisible();
  await expect(region.getByText(t('targetMarket.date', { date: formatDate(data.targetMarketDate, locale) }), { exact: true })).toBeVisible();
  // Plain words only: no EMT code or raw answer.
  expect(await region.innerText()).not.toMatch(/\b0\d{4}_|\bNeutral\b|\b[YN]\b/);
}

/** The illustration's table, year by year then the total, its method in words, the cost rates and the CSV link. */
async function expectCosts(page: Page, locale: Locale, t: Translate) {
  if (!data || !share || !illustration || !data.exPost) throw new Error('fixtures');
  const amount = formatCostAmount(10_000, 'EUR', locale);
  const money = (value: number) => formatCostAmount(value, 'EUR', locale);
  const rate = (value: number) => formatCostRate(value, locale);
  const region = page.getByRole('region', { name: t('costs.title') });
  await expect(region.getByText(t('costs.intro', { amount, years }), { exact: true })).toBeVisible();
  const table = region.getByRole('table', { name: t('costs.caption', { amount, years, currency: 'EUR' }) });
  await expect(table).toBeVisible();
  const columns = ['entry', 'ongoing', 'transaction', 'incidental', 'exit', 'total'] as const;
  await expect(table.getByRole('columnheader')).toHaveText([t('costs.year'), ...columns.map((c) => t(`costs.${c}`)), t('costs.share')]);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(years + 2);
  for (const [i, year] of illustration.years.entries()) {
    const row = rows.nth(i + 1);
    await expect(row.getByRole('rowheader')).toHaveText(t('costs.yearRow', { year: year.year }));
    await expect(row.getByRole('cell')).toHaveText([...columns.map((c) => money(year[c])), rate(year.share)]);
  }
  const total = rows.nth(years + 1);
  await expect(total.getByRole('rowheader')).toHaveText(t('costs.totalRow'));
  await expect(total.getByRole('cell')).toHaveText([...columns.map((c) => money(illustration.total[c])), rate(illustration.total.share)]);
  // The entry charge in the first year only, the costs adding up to the total.
  expect(illustration.years[0]?.entry).toBeCloseTo(10_000 * data.exAnte.entry, 8);
  await expect(region.getByText(t('costs.annualEffect', { percent: rate(illustration.annualEffect) }), { exact: true })).toBeVisible();

  await expect(region.getByRole('heading', { name: t('costs.assumptions') })).toBeVisible();
  for (const assumption of ['invested', 'nilReturn', 'entryFrom', 'yearlyFrom', 'exitFrom', 'mayDiffer']) {
    await expect(region.getByRole('listitem').filter({ hasText: t(`costs.${assumption}`) })).toHaveCount(1);
  }
  await expect(region.getByRole('listitem').filter({ hasText: t('costs.exAnteDate', { date: formatDate(data.exAnteDate, locale) }) })).toHaveCount(1);

  // The rates themselves: ex ante, then ex post over its period.
  const exAnte = data.exAnte;
  const exPost = data.exPost;
  await expect(region.getByRole('heading', { name: t('costs.rates') })).toBeVisible();
  await expect(region.getByRole('heading', { name: t('costs.exPost', { from: formatDate(exPost.from, locale), to: formatDate(exPost.to, locale) }) })).toBeVisible();
  const exAnteTerms = ['entry', 'exit', 'ongoing', 'managementFee', 'transaction', 'incidental'] as const;
  const exPostTerms = ['ongoing', 'managementFee', 'transaction', 'incidental'] as const;
  await expect(region.getByRole('term')).toHaveText([...exAnteTerms, ...exPostTerms].map((k) => t(`costs.rate.${k}`)));
  await expect(region.getByRole('definition')).toHaveText([...exAnteTerms.map((k) => rate(exAnte[k])), ...exPostTerms.map((k) => rate(exPost[k]))]);

  await expect(region.getByRole('link', { name: t('costs.csv') })).toHaveAttribute('href', `/e/${locale}/data/funds/${fund?.slug}/${share.isinCode}/costs.csv`);
}

/**
 * The FinDatEx files at the addresses of docs/distribution-data.md, each link named by its template and format.
 * (src/domain/distribution/findatex/files.ts reads the templates' JSON, which Playwright's loader does not import.)
 */
async function expectDistributorFiles(page: Page, locale: Locale, t: Translate) {
  const list = page.getByRole('list', { name: t('distributors.title') });
  await expect(list.getByRole('link')).toHaveCount(6);
  for (const template of ['emt', 'ept', 'eet']) {
    for (const format of ['csv', 'xlsx']) {
      const name = t('distributors.file', { template: t(`distributors.${template}`), format: format.toUpperCase() });
      await expect(list.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/e/${locale}/data/funds/${fund?.slug}/${share?.isinCode}/${template}.${format}`);
    }
  }
}

for (const locale of LOCALES) {
  test.describe(`distribution data in ${locale}, as the server renders it`, () => {
    test.use({ javaScriptEnabled: false });

    test('says who the share is for and not for, illustrates its costs with the computed figures, and links its CSV and distributor files', async ({ page, request }) => {
      if (!illustration) throw new Error('fixtures');
      const t = await translator(locale);
      expect((await page.goto(sharePath(locale)))?.status()).toBe(200);
      await expectTargetMarket(page, locale, t);
      await expectCosts(page, locale, t);
      await expectDistributorFiles(page, locale, t);

      // The CSV: the same figures, a row per year then the total, amounts to the cent, the total in percent of the amount invested.
      const response = await request.get(`/e/${locale}/data/funds/${fund?.slug}/${share?.isinCode}/costs.csv`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers()['content-disposition']).toContain(`attachment; filename="${share?.isinCode}-costs-${data?.exAnteDate}.csv"`);
      const lines = (await response.text()).split('\r\n');
      expect(lines[0]).toBe('\uFEFFisin,currency,amount_invested,holding_period_years,ex_ante_date,year,entry,ongoing,transaction,incidental,exit,total,total_percent');
      const figures = (f: { entry: number; ongoing: number; transaction: number; incidental: number; exit: number; total: number; share: number }) =>
        [f.entry, f.ongoing, f.transaction, f.incidental, f.exit, f.total].map((v) => v.toFixed(2)).join(',') + `,${(f.share * 100).toFixed(2)}`;
      const common = `${share?.isinCode},EUR,10000.00,${years},${data?.exAnteDate}`;
      expect(lines.slice(1)).toEqual([...illustration.years.map((y) => `${common},${y.year},${figures(y)}`), `${common},total,${figures(illustration.total)}`, '']);
    });

    test('states a limited loss of capital with its level', async ({ page }) => {
      const t = await translator(locale);
      expect((await page.goto(sharePath(locale, moneyFund, moneyShare)))?.status()).toBe(200);
      const region = page.getByRole('region', { name: t('targetMarket.title') });
      await expect(region.getByRole('list', { name: t('targetMarket.for') }).getByRole('listitem').filter({ hasText: t('targetMarket.statements.loss.limitedCapitalLoss', { percent: formatCostRate(0.01, locale) }) })).toHaveCount(1);
    });
  });
}

test('costs.csv of an unknown share or a malformed ISIN is 404', async ({ request }) => {
  const isin = share?.isinCode ?? '';
  for (const url of [`/e/en/data/funds/${moneyFund?.slug}/${isin}/costs.csv`, `/e/en/data/funds/${fund?.slug}/${isin.toLowerCase()}/costs.csv`, `/e/xx/data/funds/${fund?.slug}/${isin}/costs.csv`]) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
});

test('with JavaScript, in en: the target market and the costs illustration have no axe violation', async ({ page }) => {
  test.slow(); // axe over the whole share page takes a while on a small machine
  const t = await translator('en');
  await page.goto(sharePath('en'));
  await expect(page.getByRole('region', { name: t('targetMarket.title') })).toBeVisible();
  await expect(page.getByRole('region', { name: t('costs.title') }).getByRole('table')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
