import { axeViolations } from '../support/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../../messages/range/en.json' with { type: 'json' };
import es from '../../messages/range/es.json' with { type: 'json' };
import fr from '../../messages/range/fr.json' with { type: 'json' };
import { categories } from '../../src/server/db/seed/fixtures/categories';
import { page as disclaimers } from '../../src/server/db/seed/fixtures/content/pages/disclaimers';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import type { FundFixture } from '../../src/server/db/seed/fixtures/types';

/** The fund range and its finder (docs/product.md §2), in the three languages, against the seeded demo data. */

const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];
type Profile = 'RETAIL' | 'INSTIT';
const PATHS: Record<Locale, string> = { fr: '/fr/gamme-fonds', en: '/en/fund-range', es: '/es/nuestros-fondos' };
const MESSAGES = { fr: fr.FundRange, en: en.FundRange, es: es.FundRange };

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
const displayOrder = (code: string) => categories.find((c) => c.code === code)?.displayOrder ?? Number.MAX_SAFE_INTEGER;
const categoryOf = (fund: FundFixture) => categories.find((c) => c.code === fund.categoryCode);
const sharesFor = (fund: FundFixture, profile: Profile) => fund.shares.filter((s) => s.visibleTo.includes(profile));

/** The range of a profile as docs/product.md §2 orders it: category display order, highlighted first, then the house's order. */
function rangeFor(profile: Profile): FundFixture[] {
  return funds
    .map((fund, index) => ({ fund, index }))
    .filter(({ fund }) => fund.visibleTo.includes(profile))
    .sort(
      (a, b) =>
        displayOrder(a.fund.categoryCode) - displayOrder(b.fund.categoryCode) ||
        Number(b.fund.isHighlight) - Number(a.fund.isHighlight) ||
        a.index - b.index,
    )
    .map(({ fund }) => fund);
}

const FIGURE = /^(-|\+ \d[\d.,\s\u202f\u00a0]*%|[-\u2212]\d[\d.,\s\u202f\u00a0]*%|0[.,]00[\s\u202f\u00a0]?%)$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The figure shown under a label (a <dt>) of a fund card. */
const figureOf = (card: Locator, label: string) =>
  card.getByRole('term').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }).locator('xpath=following-sibling::dd[1]');
/** A displayed percentage as a number, for checking an order: "+ 1,23 %" → 1.23. */
const percent = (text: string) => (text.trim() === '-' ? null : Number(text.replace(/[\u2212]/g, '-').replace(/[^\d,.-]/g, '').replace(',', '.')));

const fundTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 }).allInnerTexts();
const resultCount = (page: Page) => page.getByRole('main').getByRole('status');

/** A count as the messages write it (ICU plural with =0, one and other). */
function plural(template: string, count: number): string {
  const branch = (key: string) => new RegExp(`${key} \\{([^}]*)\\}`).exec(template)?.[1] ?? '';
  return (count === 0 && template.includes('=0') ? branch('=0') : count === 1 ? branch('one') : branch('other')).replace('#', String(count));
}
const countText = (locale: Locale, count: number) => plural(MESSAGES[locale].results.count, count);

async function expectFunds(page: Page, expected: FundFixture[], locale: Locale) {
  await expect(resultCount(page)).toHaveText(countText(locale, expected.length));
  await expect.poll(() => fundTitles(page)).toEqual(expected.map((f) => f.title[locale]));
}

/**
 * The page is the range filtered by `search`. A submission made once the page is hydrated leaves empty
 * fields and the default sort out of the URL; one made before is the browser's own, with every field.
 * Both stand for the same list.
 */
async function expectQuery(page: Page, locale: Locale, search: string) {
  const meaningful = (entries: Iterable<[string, string]>) =>
    [...entries].filter(([k, v]) => v !== '' && !(k === 'sort' && v === 'category')).map(([k, v]) => `${k}=${v}`).sort();
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { path: url.pathname, query: meaningful(url.searchParams) };
    })
    .toEqual({ path: PATHS[locale], query: meaningful(new URLSearchParams(search)) });
}

/** From the unfiltered range: a filter nothing matches says so, and the reset link leads back to every fund, the filter cleared. */
async function expectNothingThenReset(page: Page, locale: Locale) {
  const m = MESSAGES[locale];
  // No RETAIL fund has the highest risk level.
  expect(RETAIL.some((f) => f.riskLevel === 7)).toBe(false);
  await page.getByLabel(m.finder.sri, { exact: true }).selectOption({ label: fill(m.finder.sriOption, { level: 7 }) });
  await submit(page, locale);
  await expectQuery(page, locale, 'sri=7');
  await expectFunds(page, [], locale);
  await expect(page.getByText(m.results.empty)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: m.finder.reset }).last().click();
  await expect(page).toHaveURL(PATHS[locale]);
  await expectFunds(page, RETAIL, locale);
  await expect(page.getByLabel(m.finder.sri, { exact: true })).toHaveValue('');
}

async function submit(page: Page, locale: Locale) {
  await page.getByRole('button', { name: MESSAGES[locale].finder.submit }).click();
}

/** The most common value among the RETAIL funds, so a filter really narrows the list but keeps several funds. */
function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

const RETAIL = rangeFor('RETAIL');
const hiddenFromRetail = funds.find((f) => !f.visibleTo.includes('RETAIL') && f.visibleTo.includes('INSTIT'));
/** A share class RETAIL may see that is not its fund's main one: an ISIN search must name it. */
const sideShare = RETAIL.flatMap((fund) => sharesFor(fund, 'RETAIL').filter((s) => !s.isMain).map((share) => ({ fund, share })))[0];
/** A share class only INSTIT may see, in a fund RETAIL sees too. */
const institShare = RETAIL.flatMap((fund) => fund.shares.filter((s) => !s.visibleTo.includes('RETAIL') && s.visibleTo.includes('INSTIT')).map((share) => ({ fund, share })))[0];

/*
 * What the range says depends on the language (titles, labels, options, counts, figures, the order of
 * names): it is checked in all three languages in the server's HTML, in contexts without JavaScript,
 * where the finder is the browser's plain form. What the hydrated finder does (a list updated in
 * place, the URL, the focus, axe on the hydrated page) does not depend on the language: each
 * behaviour is driven once, in one language, the languages taking turns.
 */

test.describe('the fund range', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`lists the funds by category in display order, highlighted first, with their facts and figures, in ${locale}`, async ({ page }) => {
      const m = MESSAGES[locale];
      await page.goto(PATHS[locale]);
      await expectFunds(page, RETAIL, locale);
      const expectedCategories = [...new Set(RETAIL.map((f) => f.categoryCode))];
      const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
      const categoryTitles = categories.map((c) => c.title[locale]);
      expect(headings.filter((h) => categoryTitles.includes(h))).toEqual(expectedCategories.map((code) => categories.find((c) => c.code === code)?.title[locale]));
      for (const code of expectedCategories) {
        const category = categories.find((c) => c.code === code);
        const section = page.getByRole('region', { name: category?.title[locale] });
        const inCategory = RETAIL.filter((f) => f.categoryCode === code);
        const shown = await section.getByRole('heading', { level: 3 }).allInnerTexts();
        expect(shown).toEqual(inCategory.map((f) => f.title[locale]));
        // Highlighted funds come first within their category.
        const flags = shown.map((title) => RETAIL.find((f) => f.title[locale] === title)?.isHighlight);
        expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      }
      // The demo data put a plain fund before a highlighted one of its category: the order above is not the house's order.
      const byPosition = funds.filter((f) => f.visibleTo.includes('RETAIL')).sort((a, b) => displayOrder(a.categoryCode) - displayOrder(b.categoryCode));
      expect(byPosition.map((f) => f.slug)).not.toEqual(RETAIL.map((f) => f.slug));
      for (const fund of RETAIL) {
        const card = page.getByRole('article', { name: fund.title[locale] });
        await expect(card.getByRole('link', { name: fund.title[locale] })).toHaveAttribute('href', `/${locale}/funds/${fund.slug}`);
        await expect(card.getByText(m.highlight, { exact: true })).toHaveCount(fund.isHighlight ? 1 : 0);
        await expect(card.getByText(categoryOf(fund)?.title[locale] ?? '', { exact: true })).toBeVisible();
        await expect(card.getByText(fill(m.sriScale, { level: fund.riskLevel }))).toHaveCount(1);
        await expect(card.getByText(fill(m.article, { article: fund.sfdrArticle }), { exact: true })).toBeVisible();
        const currencies = [...new Set(sharesFor(fund, 'RETAIL').map((s) => s.currency))].sort().join(', ');
        await expect(card.getByText(currencies, { exact: true })).toBeVisible();
        const main = sharesFor(fund, 'RETAIL').find((s) => s.isMain);
        await expect(card.getByText(fill(m.performance.title, { share: main?.name ?? '' }))).toBeVisible();
        // docs/product.md §5: a figure is "-", or signed with "+ " before a positive value.
        for (const label of [m.performance.ytd, m.performance['1y']]) {
          await expect(figureOf(card, label)).toHaveText(FIGURE);
        }
        const warning = disclaimers.components.flatMap((c) => c.texts).find((t) => t.code === 'performances-passees')?.content[locale] ?? '';
        await expect(card.getByText(warning)).toBeVisible();
      }
    });
  }
});

/** One case per filter, with a value that keeps several RETAIL funds but not all. */
const FILTERS = (() => {
  const category = categories.find((c) => c.code === mostCommon(RETAIL.map((f) => f.categoryCode)));
  const sri = mostCommon(RETAIL.map((f) => f.riskLevel));
  const sfdr = mostCommon(RETAIL.map((f) => f.sfdrArticle).filter((a) => a !== 8));
  const currency = mostCommon(RETAIL.flatMap((f) => [...new Set(sharesFor(f, 'RETAIL').map((s) => s.currency))]).filter((c) => c !== 'EUR'));
  return [
    { name: 'category', value: category?.code ?? '', option: (l: Locale) => category?.title[l] ?? '', keep: (f: FundFixture) => f.categoryCode === category?.code },
    { name: 'sri', value: String(sri), option: (l: Locale) => fill(MESSAGES[l].finder.sriOption, { level: sri }), keep: (f: FundFixture) => f.riskLevel === sri },
    { name: 'sfdr', value: String(sfdr), option: (l: Locale) => fill(MESSAGES[l].article, { article: sfdr }), keep: (f: FundFixture) => f.sfdrArticle === sfdr },
    { name: 'currency', value: currency, option: () => currency, keep: (f: FundFixture) => sharesFor(f, 'RETAIL').some((s) => s.currency === currency) },
  ] as const;
})();

/** The language each filter of the hydrated finder is driven in: every language has its turn. */
const FILTER_LOCALES: Record<(typeof FILTERS)[number]['name'], Locale> = { category: 'fr', sri: 'en', sfdr: 'es', currency: 'fr' };

test.describe('the finder', () => {
  for (const filter of FILTERS) {
    const locale = FILTER_LOCALES[filter.name];
    test(`filters by ${filter.name} through its labelled control, in ${locale}`, async ({ page }) => {
      const m = MESSAGES[locale];
      const label = m.finder[filter.name];
      await page.goto(PATHS[locale]);
      await page.getByLabel(label, { exact: true }).selectOption({ label: filter.option(locale) });
      await submit(page, locale);
      await expectQuery(page, locale, `${filter.name}=${filter.value}`);
      const expected = RETAIL.filter(filter.keep);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(RETAIL.length);
      await expectFunds(page, expected, locale);
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(filter.value);
    });
  }

  test('says when nothing matches and resets the filters, in en', async ({ page }) => {
    const locale = 'en';
    await page.goto(PATHS[locale]);
    await expectNothingThenReset(page, locale);
  });

  test('searches by name and by ISIN, in any case, naming the class found, in es', async ({ page }) => {
    const locale = 'es';
    const m = MESSAGES[locale];
    const search = page.getByLabel(m.finder.search);
    const target = RETAIL.find((f) => f.slug === 'aurore-pme-eti-france') as FundFixture;
    await page.goto(PATHS[locale]);
    await search.fill('pme-eti');
    await submit(page, locale);
    await expectQuery(page, locale, 'q=pme-eti');
    await expectFunds(page, [target], locale);

    expect(sideShare).toBeDefined();
    const { fund, share } = sideShare!;
    await search.fill(share.isinCode.toLowerCase());
    await submit(page, locale);
    await expectQuery(page, locale, `q=${share.isinCode.toLowerCase()}`);
    await expectFunds(page, [fund], locale);
    const match = page.getByRole('link', { name: fill(m.results.isinMatch, { isin: share.isinCode, share: share.name }) });
    await expect(match).toHaveAttribute('href', `/${locale}/funds/${fund.slug}/shares/${share.slug}`);
    await expect(search).toHaveValue(share.isinCode.toLowerCase());

    // A share class RETAIL may not see is not found by its ISIN.
    await search.fill(institShare!.share.isinCode);
    await submit(page, locale);
    await expectFunds(page, [], locale);
  });

  test('sorts by name, by risk and by YTD performance, in fr', async ({ page }) => {
    const locale = 'fr';
    const m = MESSAGES[locale];
    await page.goto(PATHS[locale]);
    await page.getByLabel(m.finder.sort).selectOption({ label: m.finder.sortOption.name });
    await submit(page, locale);
    await expectQuery(page, locale, 'sort=name');
    const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    await expectFunds(page, [...RETAIL].sort((a, b) => collator.compare(a.title[locale], b.title[locale])), locale);

    await page.getByLabel(m.finder.sort).selectOption({ label: m.finder.sortOption['risk-desc'] });
    await submit(page, locale);
    await expectQuery(page, locale, 'sort=risk-desc');
    await expectFunds(page, [...RETAIL].sort((a, b) => b.riskLevel - a.riskLevel), locale);

    await page.getByLabel(m.finder.sort).selectOption({ label: m.finder.sortOption.ytd });
    await submit(page, locale);
    await expectQuery(page, locale, 'sort=ytd');
    await expect(resultCount(page)).toHaveText(countText(locale, RETAIL.length));
    const ytd: (number | null)[] = [];
    for (const card of await page.getByRole('article').all()) ytd.push(percent(await figureOf(card, m.performance.ytd).innerText()));
    const known = ytd.filter((v): v is number => v !== null);
    expect(known.length).toBeGreaterThan(1);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(ytd.slice(0, known.length)).toEqual(known);
  });

  test('with JavaScript the finder updates the list in place, with a clean URL and the focus kept', async ({ page }) => {
    const m = MESSAGES.en;
    await page.goto(PATHS.en);
    // React marks the elements it has hydrated; before that the form is the browser's plain one.
    await page.waitForFunction(() => Object.keys(document.querySelector('form[role="search"]') ?? {}).some((k) => k.startsWith('__reactProps')));
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', 'yes'));
    await page.getByLabel(m.finder.currency, { exact: true }).selectOption('USD');
    await submit(page, 'en');
    await expect(page).toHaveURL(`${PATHS.en}?currency=USD`);
    await expectFunds(page, RETAIL.filter((f) => sharesFor(f, 'RETAIL').some((s) => s.currency === 'USD')), 'en');
    await expect(page.locator('html')).toHaveAttribute('data-same-document', 'yes');
    await expect(page.getByRole('button', { name: m.finder.submit })).toBeFocused();
    // Back shows the previous list and puts the form back as it was.
    await page.goBack();
    await expectFunds(page, RETAIL, 'en');
    await expect(page.getByLabel(m.finder.currency, { exact: true })).toHaveValue('');
  });

  test('a filtered list is a URL: opened directly it shows the same funds and the same choices', async ({ page, browser }) => {
    const m = MESSAGES.es;
    await page.goto(PATHS.es);
    const category = categories.find((c) => c.code === 'equities');
    await page.getByLabel(m.finder.category, { exact: true }).selectOption({ label: category?.title.es ?? '' });
    await page.getByLabel(m.finder.sfdr, { exact: true }).selectOption({ label: fill(m.article, { article: 8 }) });
    await page.getByLabel(m.finder.search).fill('aurore');
    await page.getByLabel(m.finder.sort).selectOption({ label: m.finder.sortOption.name });
    await submit(page, 'es');
    await expectQuery(page, 'es', 'q=aurore&category=equities&sfdr=8&sort=name');
    const titles = await fundTitles(page);
    expect(titles).toEqual(
      RETAIL.filter((f) => f.categoryCode === 'equities' && f.sfdrArticle === 8)
        .map((f) => f.title.es)
        .sort(new Intl.Collator('es', { sensitivity: 'base', numeric: true }).compare),
    );
    const other = await browser.newContext();
    const shared = await other.newPage();
    await shared.goto(page.url());
    expect(await fundTitles(shared)).toEqual(titles);
    await expect(shared.getByLabel(m.finder.category, { exact: true })).toHaveValue('equities');
    await expect(shared.getByLabel(m.finder.sfdr, { exact: true })).toHaveValue('8');
    await expect(shared.getByLabel(m.finder.search)).toHaveValue('aurore');
    await expect(shared.getByLabel(m.finder.sort)).toHaveValue('name');
    await other.close();
  });

  test('on a phone the filters fold away and open on demand', async ({ page }) => {
    const m = MESSAGES.fr;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(PATHS.fr);
    const search = page.getByLabel(m.finder.search);
    await expect(search).toBeHidden();
    await page.getByText(m.finder.filters, { exact: true }).click();
    await search.fill('trésorerie');
    await submit(page, 'fr');
    await expectFunds(page, RETAIL.filter((f) => f.slug === 'aurore-tresorerie'), 'fr');
    // With a filter applied the panel stays open, even on a fresh load.
    await page.goto(page.url());
    await expect(search).toBeVisible();
    await expect(page.getByText(`(${plural(m.finder.active, 1)})`)).toBeVisible();
    expect((await axeViolations(page))).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`the finder is a plain form: each filter, the sort by name, the ISIN search, nothing found and reset work, in ${locale}`, async ({ page }) => {
      const m = MESSAGES[locale];
      await page.goto(PATHS[locale]);
      await expectFunds(page, RETAIL, locale);
      const category = categories.find((c) => c.code === 'fixed-income');
      await page.getByLabel(m.finder.category, { exact: true }).selectOption({ label: category?.title[locale] ?? '' });
      await submit(page, locale);
      await expect(page).toHaveURL(new RegExp(`category=fixed-income`));
      await expectFunds(page, RETAIL.filter((f) => f.categoryCode === 'fixed-income'), locale);
      await expect(page.getByLabel(m.finder.category, { exact: true })).toHaveValue('fixed-income');

      const { fund, share } = sideShare!;
      await page.getByLabel(m.finder.category, { exact: true }).selectOption('');
      await page.getByLabel(m.finder.search).fill(share.isinCode.toLowerCase());
      await submit(page, locale);
      await expectFunds(page, [fund], locale);
      await expect(page.getByRole('link', { name: fill(m.results.isinMatch, { isin: share.isinCode, share: share.name }) })).toBeVisible();

      await page.getByRole('link', { name: m.finder.reset }).click();
      await expect(page).toHaveURL(PATHS[locale]);
      await expectFunds(page, RETAIL, locale);

      // The page is the full range again: each filter in turn.
      for (const filter of FILTERS) {
        const control = page.getByLabel(m.finder[filter.name], { exact: true });
        await control.selectOption({ label: filter.option(locale) });
        await submit(page, locale);
        await expectQuery(page, locale, `${filter.name}=${filter.value}`);
        const expected = RETAIL.filter(filter.keep);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(RETAIL.length);
        await expectFunds(page, expected, locale);
        await expect(control).toHaveValue(filter.value);
        await control.selectOption('');
      }

      // Names in the order of the language; the other sorts (driven in the finder's test) are offered under their labels.
      const sort = page.getByLabel(m.finder.sort);
      for (const option of ['risk-desc', 'ytd'] as const) {
        await sort.selectOption({ label: m.finder.sortOption[option] });
        await expect(sort).toHaveValue(option);
      }
      await sort.selectOption({ label: m.finder.sortOption.name });
      await submit(page, locale);
      await expectQuery(page, locale, 'sort=name');
      const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
      await expectFunds(page, [...RETAIL].sort((a, b) => collator.compare(a.title[locale], b.title[locale])), locale);
      await page.getByLabel(m.finder.sort).selectOption({ label: m.finder.sortOption.category });

      await expectNothingThenReset(page, locale);
    });
  }

  test('values the form does not offer are ignored, never an error', async ({ page, request }) => {
    for (const search of ['category=crypto&sri=9&sfdr=5&currency=XYZ&sort=random', 'sri=abc&sri=2', 'q=%ZZ', `q=${'x'.repeat(3000)}`]) {
      const response = await request.get(`${PATHS.en}?${search}`);
      expect(response.status(), search).toBe(200);
    }
    await page.goto(`${PATHS.en}?category=crypto&sri=9&sfdr=5&currency=XYZ&sort=random`);
    await expectFunds(page, RETAIL, 'en');
    await page.goto(`${PATHS.en}?sri=abc&currency=usd`);
    await expectFunds(page, RETAIL.filter((f) => sharesFor(f, 'RETAIL').some((s) => s.currency === 'USD')), 'en');
  });
});

test.describe('served from cache (docs/decisions/021)', () => {
  test('the range and each single filter are cached pages; combined filters and searches are rendered per request', async ({ request }) => {
    const cacheOf = async (path: string) => (await request.get(path)).headers()['x-nextjs-cache'];
    for (const path of [PATHS.fr, `${PATHS.en}?category=equities&sort=name`, `${PATHS.es}?sfdr=8`, `${PATHS.en}?currency=usd&utm_source=mail`]) {
      // The first request renders it (or another test did); then it comes from the cache.
      await expect.poll(() => cacheOf(path), { message: path }).toBe('HIT');
      const response = await request.get(path);
      expect(response.headers()['cache-control'], path).toBe('private, no-cache');
    }
    for (const path of [`${PATHS.en}?category=equities&sfdr=8`, `${PATHS.en}?q=aurore`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['x-nextjs-cache'], path).toBeUndefined();
      expect(response.headers()['cache-control'], path).toContain('no-store');
    }
    // The cached pages have no address of their own.
    expect((await request.get('/en/fund-range/category.equities')).status()).toBe(404);
  });

  test('a cached filter with a sort shows its funds and its choices without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const m = MESSAGES.en;
    for (let i = 0; i < 2; i++) {
      // Twice: rendered, then from the cache, the same list and the same form.
      await page.goto(`${PATHS.en}?sort=name&category=equities`);
      const equities = RETAIL.filter((f) => f.categoryCode === 'equities');
      await expect(resultCount(page)).toHaveText(countText('en', equities.length));
      expect(await fundTitles(page)).toEqual(equities.map((f) => f.title.en).sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare));
      await expect(page.getByLabel(m.finder.category, { exact: true })).toHaveValue('equities');
      await expect(page.getByLabel(m.finder.sort)).toHaveValue('name');
      await expect(page.getByLabel(m.finder.currency, { exact: true })).toHaveValue('');
    }
    await context.close();
  });

  test('with JavaScript, going from the cached list to a single filter, then to combined filters and back, stays in the page', async ({ page }) => {
    const m = MESSAGES.fr;
    await page.goto(PATHS.fr);
    await page.waitForFunction(() => Object.keys(document.querySelector('form[role="search"]') ?? {}).some((k) => k.startsWith('__reactProps')));
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', 'yes'));
    const usd = RETAIL.filter((f) => sharesFor(f, 'RETAIL').some((s) => s.currency === 'USD'));
    await page.getByLabel(m.finder.currency, { exact: true }).selectOption('USD');
    await submit(page, 'fr');
    await expect(page).toHaveURL(`${PATHS.fr}?currency=USD`);
    await expectFunds(page, usd, 'fr');
    const level = mostCommon(usd.map((f) => f.riskLevel));
    await page.getByLabel(m.finder.sri, { exact: true }).selectOption(String(level));
    await submit(page, 'fr');
    await expect(page).toHaveURL(`${PATHS.fr}?sri=${level}&currency=USD`);
    await expectFunds(page, usd.filter((f) => f.riskLevel === level), 'fr');
    await page.goBack();
    await expectFunds(page, usd, 'fr');
    await expect(page.getByLabel(m.finder.sri, { exact: true })).toHaveValue('');
    await page.goBack();
    await expectFunds(page, RETAIL, 'fr');
    await expect(page.locator('html')).toHaveAttribute('data-same-document', 'yes');
  });
});

test.describe('investor profiles', () => {
  // What each profile is served: the server's HTML is enough.
  test('a fund hidden from RETAIL is absent for RETAIL and listed, filterable and searchable for INSTIT', async ({ browser, baseURL }) => {
    expect(hiddenFromRetail).toBeDefined();
    const hidden = hiddenFromRetail!;
    const retail = await browser.newPage({ javaScriptEnabled: false });
    await retail.goto(PATHS.en);
    await expectFunds(retail, RETAIL, 'en');
    expect(await fundTitles(retail)).not.toContain(hidden.title.en);
    await retail.goto(`${PATHS.en}?q=${hidden.shares[0]?.isinCode}`);
    await expectFunds(retail, [], 'en');
    await retail.close();

    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'investor_profile', value: 'INSTIT', url: baseURL ?? '' }]);
    const instit = await context.newPage();
    await instit.goto(PATHS.en);
    await expectFunds(instit, rangeFor('INSTIT'), 'en');
    await expect(instit.getByRole('region', { name: categoryOf(hidden)?.title.en }).getByRole('heading', { name: hidden.title.en })).toBeVisible();
    await instit.goto(`${PATHS.en}?q=${hidden.shares[0]?.isinCode}`);
    await expectFunds(instit, [hidden], 'en');
    // A class only INSTIT may see is found by its ISIN.
    await instit.goto(`${PATHS.en}?q=${institShare!.share.isinCode.toLowerCase()}`);
    await expectFunds(instit, [institShare!.fund], 'en');
    await context.close();
  });
});

test.describe('accessibility', () => {
  // One scan per state of the page, each in one language (the languages take turns): the page's
  // structure is the same in every language, and its texts are checked in all three above.
  const states: { name: string; search: string; locale: Locale }[] = [
    { name: 'unfiltered', search: '', locale: 'fr' },
    { name: 'filtered and sorted', search: '?category=equities&sort=name', locale: 'en' },
    { name: 'an ISIN found', search: `?q=${sideShare?.share.isinCode}`, locale: 'es' },
    { name: 'nothing found', search: '?sri=7', locale: 'en' },
  ];
  for (const { name, search, locale } of states) {
    test(`no axe violation on the range in ${locale}: ${name}`, async ({ page }) => {
      test.slow(); // axe walks a long page: on 2 CPUs it can take most of the default 30 s
      await page.goto(`${PATHS[locale]}${search}`);
      await expect(resultCount(page)).toBeVisible();
      expect((await axeViolations(page))).toEqual([]);
    });
  }
});
