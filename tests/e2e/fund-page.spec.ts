import { axeViolations } from '../support/axe';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { categories } from '../../src/server/db/seed/fixtures/categories';
import { documentTypes } from '../../src/server/db/seed/fixtures/content/reference';
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { pages } from '../../src/server/db/seed/fixtures/content/pages';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import type { FundFixture } from '../../src/server/db/seed/fixtures/types';

const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];
type FundMessages = typeof import('../../messages/fund/en.json');
const load = (locale: Locale) => JSON.parse(readFileSync(path.join(process.cwd(), 'messages', 'fund', `${locale}.json`), 'utf8')) as FundMessages;
const MESSAGES: Record<Locale, FundMessages> = { fr: load('fr'), en: load('en'), es: load('es') };
const TABS = ['overview', 'characteristics', 'performances', 'portfolio', 'documents', 'news'] as const;
type Tab = (typeof TABS)[number];

const NOT_FOUND = { fr: 'Page non trouvée', en: 'Page not found', es: 'Página no encontrada' } as const;

function fund(slug: string): FundFixture {
  const found = funds.find((f) => f.slug === slug);
  if (!found) throw new Error(`no fixture fund ${slug}`);
  return found;
}

/** The fixtures the tests lean on, each chosen for what it shows. */
const CLIMATE = fund('aurore-climat-actions-monde'); // article 9, has news, shares hidden from RETAIL
const GREEN_BONDS = fund('aurore-obligations-vertes'); // a RETAIL share class younger than a year
const PATRIMOINE = fund('aurore-patrimoine'); // no monthly nor weekly report
const CREDIT = fund('aurore-credit-euro'); // a share class without a KID, no news
const INSTIT_ONLY = fund('aurore-alpha-multi-strategies'); // hidden from RETAIL

const retailShares = (f: FundFixture) => f.shares.filter((s) => s.visibleTo.includes('RETAIL'));
const tabPath = (locale: Locale, slug: string, tab: Tab) => (tab === 'overview' ? `/${locale}/funds/${slug}` : `/${locale}/funds/${slug}/${tab}`);
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
/** A date as the site writes it ("31 Oct 2026"), written here independently of the site's formatter. */
const mediumDate = (locale: Locale, iso: string) =>
  new Intl.DateTimeFormat({ fr: 'fr-FR', en: 'en-GB', es: 'es-ES' }[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const pastPerformance = (locale: Locale) =>
  pages
    .find((p) => p.code === 'disclaimers')
    ?.components.flatMap((c) => c.texts)
    .find((t) => t.code === 'performances-passees')?.content[locale] ?? '';

async function expectNoAxeViolations(page: Page, label: string) {
  expect((await axeViolations(page)), label).toEqual([]);
}

async function openTab(page: Page, locale: Locale, slug: string, tab: Tab) {
  const response = await page.goto(tabPath(locale, slug, tab));
  expect(response?.status(), tabPath(locale, slug, tab)).toBe(200);
  const t = MESSAGES[locale];
  const nav = page.getByRole('navigation', { name: t.FundTabs.label });
  await expect(nav.locator('[aria-current="page"]')).toHaveText(t.FundTabs[tab]);
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: t.FundTabs[tab], exact: true })).toBeVisible();
  return { t, nav };
}

/*
 * What the page says depends on the language: titles, links, labels, figures and dates as each
 * language writes them. It is checked below in all three languages, in the server's HTML (a context
 * without JavaScript: no hydration to wait for, the same roles and labels). What the page does (a
 * section opened, a link followed, the keyboard, axe on the hydrated page) does not depend on the
 * language: it is driven once, with JavaScript, in one language per behaviour, the languages taking
 * turns, after the same content checks on the hydrated page.
 */

/**
 * A tab of CLIMATE opened by its own URL: its title, canonical and alternate links, structured data,
 * and the links of all the tabs. The content checks below run on the tab so opened.
 */
async function openClimateTab(page: Page, locale: Locale, tab: Tab, baseURL: string | undefined) {
  const t = MESSAGES[locale];
  const { nav } = await openTab(page, locale, CLIMATE.slug, tab);
  await expect(nav.getByRole('link')).toHaveText(TABS.map((each) => t.FundTabs[each]));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CLIMATE.title[locale]);
  await expect(page).toHaveTitle(new RegExp(escape(tab === 'overview' ? CLIMATE.title[locale] : `${t.FundTabs[tab]} - ${CLIMATE.title[locale]}`)));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${tabPath(locale, CLIMATE.slug, tab)}`);
  for (const other of LOCALES) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute('href', `${baseURL}${tabPath(other, CLIMATE.slug, tab)}`);
  }
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(data['@type']).toBe('InvestmentFund');
  expect(data.name).toBe(CLIMATE.title[locale]);
  expect(data.isRelatedTo.map((s: { identifier: { value: string } }) => s.identifier.value)).toEqual(retailShares(CLIMATE).map((s) => s.isinCode));
}

/** CLIMATE's page header (category, SRI, SFDR article, AUM with its date, tags, eligibilities) and overview tab, open. */
async function expectOverview(page: Page, locale: Locale) {
  const t = MESSAGES[locale];
  const category = categories.find((c) => c.code === CLIMATE.categoryCode)?.title[locale] ?? '-';
  await expect(page.getByText(`${category} · ${CLIMATE.specificCategory?.[locale]}`, { exact: true })).toBeVisible();
  await expect(page.getByText(fill(t.Fund.sriScale, { level: CLIMATE.riskLevel }))).toBeAttached();
  const scale = page.locator('[data-current="true"]');
  await expect(scale).toHaveCount(1);
  await expect(scale).toHaveText(String(CLIMATE.riskLevel));
  await expect(page.getByText(fill(t.Fund.article, { article: CLIMATE.sfdrArticle }), { exact: true })).toBeVisible();
  await expect(page.getByText(fill(t.Fund.aumDate, { date: mediumDate(locale, CLIMATE.aum.date) }), { exact: true })).toHaveAttribute('datetime', CLIMATE.aum.date);
  for (const tag of CLIMATE.tags) await expect(page.getByText(tag[locale], { exact: true }).first()).toBeVisible();
  await expect(page.getByText(t.Fund.eligibilities, { exact: true })).toBeVisible();

  await expect(page.getByText(CLIMATE.description[locale])).toBeVisible();
  await expect(page.getByText(CLIMATE.philosophy[locale])).toBeVisible();
  await expect(page.getByText(CLIMATE.shares.find((s) => s.isMain)?.managementGoal[locale] ?? '-')).toBeVisible();
  await expect(page.getByText(CLIMATE.classification[locale])).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: fundEsgTitle(locale) })).toBeVisible();
  await expect(page.getByText(t.FundEsg.article9)).toBeVisible();
  // Article 9: the objective titles of SFDR, each section closed until opened (a <details>: it opens without JavaScript too).
  const summary = page.locator('summary', { hasText: t.FundEsg.art9.characteristicsOrObjective });
  const content = CLIMATE.sfdrDisclosure?.characteristicsOrObjective[locale] ?? '-';
  await expect(page.getByText(content)).toBeHidden();
  await summary.click();
  await expect(page.getByText(content)).toBeVisible();
  await expect(page.getByRole('region', { name: t.FundEsg.title }).locator('details summary')).toHaveCount(12);
  await expect(page.getByRole('heading', { level: 3, name: t.FundPartners.title })).toBeVisible();
  for (const partner of CLIMATE.partners) {
    const link = page.getByRole('link', { name: new RegExp(`^${escape(partner.name)}`) });
    await expect(link).toHaveAttribute('href', partner.url);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await expect(page.getByRole('link', { name: t.FundPartners.contact })).toHaveAttribute('href', { fr: '/fr/contact', en: '/en/contact', es: '/es/contacto' }[locale]);
  // The ESG documents are links to PDFs of the fund.
  await expect(page.getByRole('link', { name: new RegExp(escape(docTitle('SFDR_PRECONTRACTUAL', locale))) })).toHaveAttribute(
    'href',
    `/e/${locale}/docs/funds/${CLIMATE.slug}/SFDR_PRECONTRACTUAL`,
  );
}

async function expectPerformances(page: Page, locale: Locale) {
  const t = MESSAGES[locale];
  await openTab(page, locale, GREEN_BONDS.slug, 'performances');
  const table = page.getByRole('table', { name: t.FundPerformances.caption });
  await expect(table.getByRole('columnheader')).toHaveText([
    t.FundPerformances.shareClass,
    ...(['ytd', '1y', '3y', '5y', 'creation_annu'] as const).map((c) => t.FundPerformances.codes[c]),
    t.FundPerformances.asOf,
  ]);
  const warning = pastPerformance(locale);
  expect(warning.length).toBeGreaterThan(20);
  await expect(page.getByRole('note', { name: t.FundPerformances.warning })).toHaveText(warning);
  await expect(table).toHaveAttribute('aria-describedby', /performances-warning/);
  const young = retailShares(GREEN_BONDS).filter((s) => s.inceptionDate > '2025-11-20');
  expect(young.length).toBeGreaterThan(0);
  for (const share of retailShares(GREEN_BONDS)) {
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: share.name, exact: true }) });
    await expect(row.getByRole('link', { name: share.name, exact: true })).toHaveAttribute('href', `/${locale}/funds/${GREEN_BONDS.slug}/shares/${share.slug}`);
    const cells = row.getByRole('cell');
    if (young.includes(share)) {
      await expect(cells).toHaveText([t.FundPerformances.young]);
      await expect(row).not.toContainText('%');
    } else {
      await expect(cells).toHaveCount(6);
      // docs/product.md §5: "+ " before a positive figure, "-" before a negative one, in the language's number format.
      const figure = locale === 'en' ? /^(\+ \d+\.\d{2}%|[-−]\d+\.\d{2}%|0\.00%|-)$/ : /^(\+ \d+,\d{2}\s%|[-−]\d+,\d{2}\s%|0,00\s%|-)$/;
      for (const text of (await cells.allInnerTexts()).slice(0, 5)) expect(text.trim()).toMatch(figure);
      await expect(cells.last().locator('time')).toHaveAttribute('datetime', '2026-11-20');
    }
  }
}

/** CLIMATE's portfolio tab, open. */
async function expectPortfolio(page: Page, locale: Locale) {
  const t = MESSAGES[locale];
  await expect(page.getByText(fill(t.FundPortfolio.asOf, { date: mediumDate(locale, CLIMATE.portfolioDate) }), { exact: true })).toHaveAttribute(
    'datetime',
    CLIMATE.portfolioDate,
  );
  const holdings = page.getByRole('table', { name: fill(t.FundPortfolio.holdingsCaption, { count: CLIMATE.holdings.length }) });
  await expect(holdings.getByRole('row')).toHaveCount(CLIMATE.holdings.length + 1);
  const first = CLIMATE.holdings[0];
  const firstRow = holdings.getByRole('row').nth(1);
  await expect(firstRow.getByRole('rowheader')).toContainText(first?.name ?? '-');
  // 4.1 % of net assets, as each language writes it.
  expect(first?.weight).toBe(0.041);
  await expect(firstRow.getByRole('cell').last()).toHaveText({ fr: '4,1\u00a0%', en: '4.1%', es: '4,1\u00a0%' }[locale]);
  for (const dimension of ['asset_class', 'sector', 'country', 'currency'] as const) {
    const table = page.getByRole('table', { name: t.FundPortfolio.dimensions[dimension] });
    const rows = CLIMATE.allocations.filter((a) => a.dimension === dimension).sort((a, b) => b.weight - a.weight);
    await expect(table.getByRole('rowheader')).toHaveText(rows.map((r) => r.label[locale]));
  }
}

/**
 * The documents tab of a fund: one PDF link per existing document, by fund and by share class, each
 * answering a PDF. `fetched` keeps each PDF's answer, so that a factsheet asked for to know whether
 * the class has one is not asked for again.
 */
async function expectDocuments(page: Page, request: APIRequestContext, locale: Locale, f: FundFixture, fetched: Map<string, Promise<FetchedPdf>>) {
  const t = MESSAGES[locale];
  const get = (href: string) => {
    if (!fetched.has(href)) fetched.set(href, fetchPdf(request, href));
    return fetched.get(href)!;
  };
  await openTab(page, locale, f.slug, 'documents');
  const fundSection = page.getByRole('region', { name: t.FundDocuments.fund });
  const expected = documentTypes.filter((d) => f.documents.includes(d.code)).sort((a, b) => a.position - b.position);
  const links = fundSection.getByRole('link');
  await expect(links).toHaveCount(expected.length);
  for (const [i, type] of expected.entries()) {
    await expect(links.nth(i)).toHaveAccessibleName(new RegExp(`^${escape(type.title[locale])} \\(PDF`));
    await expect(links.nth(i)).toHaveAttribute('href', `/e/${locale}/docs/funds/${f.slug}/${type.code}`);
  }
  for (const missing of documentTypes.filter((d) => d.code !== 'KIID' && d.code !== 'NEWS_DOCUMENT' && !f.documents.includes(d.code))) {
    await expect(fundSection.getByRole('link', { name: new RegExp(`^${escape(missing.title[locale])} \\(`) })).toHaveCount(0);
  }
  const shareSection = page.getByRole('region', { name: t.FundDocuments.shares });
  for (const share of retailShares(f)) {
    const card = shareSection.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${escape(share.name)} `) }) });
    const pdfs = card.locator('a[type="application/pdf"]');
    // Its KID when the seed gives it one, and its monthly factsheet when one was made for it
    // (docs/decisions/033: the seed makes the latest complete month's).
    const factsheet = `/e/${locale}/docs/funds/${f.slug}/${share.isinCode}/FACTSHEET`;
    const offered = [
      ...(share.documents.includes('KIID') ? [`/e/${locale}/docs/funds/${f.slug}/${share.isinCode}/KIID`] : []),
      ...((await get(factsheet)).status === 200 ? [factsheet] : []),
    ];
    await expect(pdfs).toHaveCount(offered.length);
    for (const href of offered) await expect(card.locator(`a[type="application/pdf"][href="${href}"]`)).toHaveCount(1);
    if (offered.length === 0) await expect(card).toContainText(t.FundDocuments.shareNone);
    // The two pages its KID refers to: past performance and previous performance scenarios.
    const sharePath = `/${locale}/funds/${f.slug}/shares/${share.slug}`;
    await expect(card.getByRole('link')).toHaveCount(offered.length + 2);
    await expect(card.locator(`a[href="${sharePath}/past-performance"]`)).toHaveCount(1);
    await expect(card.locator(`a[href="${sharePath}/performance-scenarios"]`)).toHaveCount(1);
  }
  for (const hidden of f.shares.filter((s) => !s.visibleTo.includes('RETAIL'))) {
    await expect(page.locator(`a[href*="${hidden.isinCode}"]`)).toHaveCount(0);
  }
  for (const href of await page.locator('main a[type="application/pdf"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
    const response = await get(href);
    expect(response.status, href).toBe(200);
    expect(response.contentType, href).toBe('application/pdf');
    expect(response.disposition, href).toMatch(/^inline/);
    expect(response.start, href).toBe('%PDF');
  }
}

type FetchedPdf = { status: number; contentType?: string; disposition?: string; start: string };
async function fetchPdf(request: APIRequestContext, href: string): Promise<FetchedPdf> {
  const response = await request.get(href);
  const headers = response.headers();
  return { status: response.status(), contentType: headers['content-type'], disposition: headers['content-disposition'], start: (await response.body()).subarray(0, 4).toString('latin1') };
}

/** CLIMATE's news tab, open: each news linked by the rule of docs/product.md §2; returns the first one's title. */
async function expectNews(page: Page, locale: Locale) {
  const items = news.filter((n) => n.fundSlug === CLIMATE.slug);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const translation = item.translations[locale];
    const newsBase = { fr: '/fr/actualites', en: '/en/news', es: '/es/noticias' }[locale];
    await expect(page.getByRole('link', { name: translation.title })).toHaveAttribute('href', `${newsBase}/${translation.slug}`);
  }
  await expect(page.locator('main h3')).toHaveCount(items.length);
  return items[0]?.translations[locale].title ?? '-';
}

async function expectNoNews(page: Page, locale: Locale) {
  expect(news.some((n) => n.fundSlug === CREDIT.slug)).toBe(false);
  await openTab(page, locale, CREDIT.slug, 'news');
  await expect(page.getByText(MESSAGES[locale].FundNews.empty)).toBeVisible();
}

/** The share switcher of PATRIMOINE's page, opened: the visible classes, the main one marked; returns its links. */
async function expectShareSwitcher(page: Page, locale: Locale, open: (summary: Locator) => Promise<void>) {
  const t = MESSAGES[locale];
  const summary = page.locator('summary', { hasText: fill(t.Fund.shareSwitcher, { count: retailShares(PATRIMOINE).length }) });
  await expect(summary).toContainText(fill(t.Fund.shareSwitcherHint, { name: PATRIMOINE.shares.find((s) => s.isMain)?.name ?? '-' }));
  const list = page.locator('details').filter({ has: summary }).getByRole('list');
  await expect(list).toBeHidden();
  await open(summary);
  await expect(list).toBeVisible();
  const links = list.getByRole('link');
  await expect(links).toHaveCount(retailShares(PATRIMOINE).length);
  for (const share of retailShares(PATRIMOINE)) {
    const link = links.filter({ hasText: share.isinCode });
    await expect(link).toHaveAttribute('href', `/${locale}/funds/${PATRIMOINE.slug}/shares/${share.slug}`);
    if (share.isMain) await expect(link).toContainText(t.Fund.mainShare);
    else await expect(link).not.toContainText(t.Fund.mainShare);
  }
  return links;
}

for (const locale of LOCALES) {
  test.describe(`fund page in ${locale}, as the server renders it`, () => {
    test.use({ javaScriptEnabled: false });
    const t = MESSAGES[locale];

    // Each tab of CLIMATE, opened by its own URL (openClimateTab), then shows its content.
    test.describe('each tab by its own URL, with its title, canonical link, structured data and the links of all the tabs', () => {
      test('overview: the header shows the category, the SRI scale, the SFDR article, the AUM with its date, tags and eligibilities; the overview its description, philosophy, management goal, ESG with SFDR disclosures, and how to subscribe', async ({ page, baseURL }) => {
        await openClimateTab(page, locale, 'overview', baseURL);
        await expectOverview(page, locale);
      });

      test('characteristics: the labels of docs/product.md §3 with the fund and share class values', async ({ page, baseURL }) => {
        await openClimateTab(page, locale, 'characteristics', baseURL);
        const fundList = page.locator('dl').filter({ hasText: t.FundCharacteristics.labels.custodian });
        await expect(fundList.getByText(t.FundCharacteristics.labels.custodian, { exact: true })).toBeVisible();
        await expect(fundList.getByText(CLIMATE.characteristics.custodian[locale], { exact: true })).toBeVisible();
        const table = page.getByRole('table', { name: t.FundCharacteristics.sharesCaption });
        for (const share of retailShares(CLIMATE)) {
          await expect(table.getByRole('columnheader', { name: share.name, exact: true })).toBeVisible();
          await expect(table.getByRole('cell', { name: share.isinCode })).toBeVisible();
        }
        const ticker = table.getByRole('row', { name: new RegExp(`^${escape(t.FundCharacteristics.labels.ticker)}`) });
        await expect(ticker.getByRole('cell')).toHaveText(retailShares(CLIMATE).map((s) => s.characteristics.ticker[locale]));
        // A class hidden from RETAIL is absent.
        const hidden = CLIMATE.shares.find((s) => !s.visibleTo.includes('RETAIL'));
        await expect(page.getByText(hidden?.isinCode ?? '-')).toHaveCount(0);
      });

      test('performances: headline figures per share class with their date, the warning, and no figure for a young share', async ({ page, baseURL }) => {
        await openClimateTab(page, locale, 'performances', baseURL);
        await expectPerformances(page, locale);
      });

      test('portfolio: top holdings and the four breakdowns with their date, weights in the language', async ({ page, baseURL }) => {
        await openClimateTab(page, locale, 'portfolio', baseURL);
        await expectPortfolio(page, locale);
      });

      test('documents: one PDF link per existing document, grouped by fund and share class, each answering a PDF', async ({ page, request, baseURL }) => {
        await openClimateTab(page, locale, 'documents', baseURL);
        const fetched = new Map<string, Promise<FetchedPdf>>();
        for (const f of [PATRIMOINE, CREDIT]) await expectDocuments(page, request, locale, f, fetched);
      });

      test('news: the fund news with the link rule of docs/product.md §2, leading to the article, and a message for a fund without news', async ({ page, baseURL }) => {
        await openClimateTab(page, locale, 'news', baseURL);
        const first = await expectNews(page, locale);
        await page.getByRole('link', { name: first }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
        await expectNoNews(page, locale);
      });
    });

    test('an article 6 fund says so and has no SFDR disclosure sections', async ({ page, context, baseURL }) => {
      expect(INSTIT_ONLY.sfdrArticle).toBe(6);
      await context.addCookies([{ name: 'investor_profile', value: 'INSTIT', url: baseURL ?? '' }]);
      await openTab(page, locale, INSTIT_ONLY.slug, 'overview');
      await expect(page.getByText(t.FundEsg.article6)).toBeVisible();
      await expect(page.getByText(t.FundEsg.disclosure)).toHaveCount(0);
      await expect(page.getByRole('region', { name: t.FundEsg.title }).locator('details')).toHaveCount(0);
    });

    test('the share switcher lists the visible share classes and marks the main one', async ({ page }) => {
      await page.goto(tabPath(locale, PATRIMOINE.slug, 'overview'));
      await expectShareSwitcher(page, locale, (summary) => summary.click());
    });
  });
}

/*
 * With JavaScript, one language per behaviour (the languages take turns): the same content checks
 * on the hydrated page, then what only the hydrated page does, and axe once per page shape.
 */
test.describe('fund page with JavaScript', () => {
  test('overview in fr: the SFDR sections open on demand, and no axe violation', async ({ page }) => {
    await openTab(page, 'fr', CLIMATE.slug, 'overview');
    await expectOverview(page, 'fr');
    await expectNoAxeViolations(page, 'overview');
  });

  test('performances in en: the headline figures, and no axe violation', async ({ page }) => {
    await expectPerformances(page, 'en');
    await expectNoAxeViolations(page, 'performances');
  });

  test('portfolio in es: holdings and breakdowns, and no axe violation', async ({ page }) => {
    await openTab(page, 'es', CLIMATE.slug, 'portfolio');
    await expectPortfolio(page, 'es');
    await expectNoAxeViolations(page, 'portfolio');
  });

  test('documents in fr: the PDF links of two funds, each answering a PDF, and no axe violation', async ({ page, request }) => {
    test.slow(); // two funds, every PDF fetched and an axe check: over 30 s on a loaded machine with a cold cache
    const fetched = new Map<string, Promise<FetchedPdf>>();
    for (const f of [PATRIMOINE, CREDIT]) await expectDocuments(page, request, 'fr', f, fetched);
    await expectNoAxeViolations(page, 'documents');
  });

  test('news in en: a news link opens the article in the page, and a fund without news has no axe violation', async ({ page }) => {
    await openTab(page, 'en', CLIMATE.slug, 'news');
    const first = await expectNews(page, 'en');
    await page.getByRole('link', { name: first }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
    await expectNoNews(page, 'en');
    await expectNoAxeViolations(page, 'news');
  });

  test('the share switcher in es opens and its share pages open from the keyboard, with no axe violation', async ({ page }) => {
    await page.goto(tabPath('es', PATRIMOINE.slug, 'overview'));
    const links = await expectShareSwitcher(page, 'es', async (summary) => {
      await summary.focus();
      await page.keyboard.press('Enter');
    });
    await expectNoAxeViolations(page, 'overview with the share switcher open');
    const second = retailShares(PATRIMOINE)[1];
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/es/funds/${PATRIMOINE.slug}/shares/${second?.slug}$`));
  });

  test('the tabs are links reached and followed with the keyboard (fr)', async ({ page }) => {
    const t = MESSAGES.fr;
    const { nav } = await openTab(page, 'fr', CLIMATE.slug, 'overview');
    const links = nav.getByRole('link');
    await expect(links).toHaveText(TABS.map((tab) => t.FundTabs[tab]));
    await links.first().focus();
    await page.keyboard.press('Tab');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(links.nth(2)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${escape(tabPath('fr', CLIMATE.slug, 'performances'))}$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(t.FundTabs.performances);
    await expect(page.getByRole('table', { name: t.FundPerformances.caption })).toBeVisible();
  });
});

test.describe('fund page without JavaScript and on a phone', () => {
  test.use({ javaScriptEnabled: false });

  test('tabs and the share switcher work without JavaScript', async ({ page }) => {
    const t = MESSAGES.en;
    await page.goto(tabPath('en', CLIMATE.slug, 'overview'));
    const nav = page.getByRole('navigation', { name: t.FundTabs.label });
    await nav.getByRole('link', { name: t.FundTabs.portfolio }).click();
    await expect(page).toHaveURL(new RegExp(`${tabPath('en', CLIMATE.slug, 'portfolio')}$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(t.FundTabs.portfolio);
    await page.locator('summary', { hasText: fill(t.Fund.shareSwitcher, { count: retailShares(CLIMATE).length }) }).click();
    const main = CLIMATE.shares.find((s) => s.isMain);
    await page.getByRole('link', { name: new RegExp(`^${escape(main?.name ?? '-')}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/en/funds/${CLIMATE.slug}/shares/${main?.slug}$`));
  });

  test('on a phone the tabs scroll sideways and the page does not', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(tabPath('es', CLIMATE.slug, 'portfolio'));
    const list = page.getByRole('navigation', { name: MESSAGES.es.FundTabs.label }).getByRole('list');
    const { scrollWidth, clientWidth, overflowX } = await list.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, overflowX: getComputedStyle(el).overflowX }));
    expect(overflowX).toBe('auto');
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});

test.describe('what a profile may see', () => {
  for (const locale of LOCALES) {
    test(`${locale}: a fund hidden from RETAIL is a 404 for RETAIL and a page for INSTIT`, async ({ browser, baseURL }) => {
      expect(INSTIT_ONLY.visibleTo).not.toContain('RETAIL');
      const paths = [tabPath(locale, INSTIT_ONLY.slug, 'overview'), tabPath(locale, INSTIT_ONLY.slug, 'portfolio')];
      // With JavaScript: the 404 of a fund hidden from the profile is rendered once the response has
      // started, its screen is in the page's flight data and only the script puts it in the page.
      const retail = await browser.newContext();
      const retailPage = await retail.newPage();
      for (const path of paths) {
        expect((await retailPage.goto(path))?.status(), path).toBe(404);
        await expect(retailPage.getByRole('heading', { level: 1, name: NOT_FOUND[locale] })).toBeVisible();
      }
      await retail.close();
      // The fund's page in the server's HTML is enough here.
      const instit = await browser.newContext({ javaScriptEnabled: false });
      await instit.addCookies([{ name: 'investor_profile', value: 'INSTIT', url: baseURL ?? '' }]);
      const institPage = await instit.newPage();
      for (const path of paths) {
        expect((await institPage.goto(path))?.status(), path).toBe(200);
        await expect(institPage.getByRole('heading', { level: 1 })).toHaveText(INSTIT_ONLY.title[locale]);
      }
      await instit.close();
    });

    test(`${locale}: an unknown tab is a 404, the overview segment leads to the fund page`, async ({ browser }) => {
      // Statuses, the translated 404 screen and a redirect: all in the server's answer.
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      for (const path of [`/${locale}/funds/${CLIMATE.slug}/esg-and-more`, `/${locale}/funds/${CLIMATE.slug}/Documents`, `/${locale}/funds/no-such-fund/documents`]) {
        expect((await page.goto(path))?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND[locale] })).toBeVisible();
      }
      const response = await page.goto(`/${locale}/funds/${CLIMATE.slug}/overview`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/${locale}/funds/${CLIMATE.slug}$`));
      await context.close();
    });
  }
});

function fundEsgTitle(locale: Locale) {
  return MESSAGES[locale].FundEsg.title;
}

function docTitle(code: string, locale: Locale) {
  return documentTypes.find((d) => d.code === code)?.title[locale] ?? code;
}
