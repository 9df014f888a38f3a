import { axeViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { serializeConsent } from '../../src/domain/privacy/consent';
import { company } from '../../src/server/db/seed/fixtures/content/company';
import { news, newsCategories } from '../../src/server/db/seed/fixtures/content/news';
import { pages } from '../../src/server/db/seed/fixtures/content/pages';
import { categories } from '../../src/server/db/seed/fixtures/categories';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import type { NewsFixture } from '../../src/server/db/seed/fixtures/types';
import { hydrated } from '../support/hydration';
import { escapeRegExp, LOCALES, type Locale } from '../support/public-pages';

/** docs/product.md §2, word for word. */
const CONTENT_PAGES: { code: string; paths: Record<Locale, string> }[] = [
  { code: 'about-us', paths: { fr: '/fr/nous-connaitre', en: '/en/about-us', es: '/es/conocernos' } },
  { code: 'expertise', paths: { fr: '/fr/expertise', en: '/en/expertise', es: '/es/experticia' } },
  { code: 'esg', paths: { fr: '/fr/esg', en: '/en/esg', es: '/es/asg' } },
  { code: 'sri', paths: { fr: '/fr/investissement-responsable', en: '/en/responsible-investment', es: '/es/inversion-responsable' } },
  { code: 'legal-notices', paths: { fr: '/fr/mentions-legales', en: '/en/legal-notices', es: '/es/legal-notices' } },
  {
    code: 'regulatory-informations',
    paths: { fr: '/fr/informations-reglementaires', en: '/en/regulatory-informations', es: '/es/regulatory-informations' },
  },
  { code: 'rgpd', paths: { fr: '/fr/confidentialite', en: '/en/gdpr', es: '/es/gdpr' } },
  { code: 'accessibility', paths: { fr: '/fr/accessibilite', en: '/en/accessibility', es: '/es/accesibilidad' } },
];
const NEWS_ROUTE: Record<Locale, string> = { fr: '/fr/actualites', en: '/en/news', es: '/es/noticias' };
const PAGE_SEGMENT: Record<Locale, string> = { fr: 'page', en: 'page', es: 'pagina' };
const SECTION_PATHS: Record<Locale, string[]> = {
  fr: ['/fr/nous-connaitre', '/fr/expertise', '/fr/esg', '/fr/investissement-responsable', '/fr/gamme-fonds', '/fr/actualites', '/fr/contact'],
  en: ['/en/about-us', '/en/expertise', '/en/esg', '/en/responsible-investment', '/en/fund-range', '/en/news', '/en/contact'],
  es: ['/es/conocernos', '/es/experticia', '/es/asg', '/es/inversion-responsable', '/es/nuestros-fondos', '/es/noticias', '/es/contacto'],
};
const PAGE_SIZE = 9;

type Messages = { Home: Record<string, string>; Content: Record<string, string>; News: Record<string, string>; Consent: Record<string, string> };
async function messages(locale: Locale): Promise<Messages> {
  const content = (await import(`../../messages/content/${locale}.json`, { with: { type: 'json' } })).default as Omit<Messages, 'Consent'>;
  const { Consent } = (await import(`../../messages/compliance/${locale}.json`, { with: { type: 'json' } })).default as Pick<Messages, 'Consent'>;
  return { ...content, Consent };
}
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

/** What a visitor reads of a content text: each paragraph without markup (the cleaner drops tags, never words). */
const paragraphs = (html: string) =>
  html
    .split(/\n\s*\n/)
    .map((p) => p.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** The news a first-time (RETAIL) visitor may see, newest first, as the site sorts them. */
const retailVisible = (item: NewsFixture) => !item.fundSlug || funds.find((f) => f.slug === item.fundSlug)?.visibleTo.includes('RETAIL');
const newestFirst = news.filter(retailVisible).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
const newsPagePath = (locale: Locale, n: number) => (n === 1 ? NEWS_ROUTE[locale] : `${NEWS_ROUTE[locale]}/${PAGE_SEGMENT[locale]}/${n}`);
const articlePath = (locale: Locale, item: NewsFixture) => `${NEWS_ROUTE[locale]}/${item.translations[locale].slug}`;
const dateOf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat({ fr: 'fr-FR', en: 'en-GB', es: 'es-ES' }[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

async function expectNoAxeViolations(page: Page, what: string) {
  expect((await axeViolations(page)), what).toEqual([]);
}

/** News card headings, in order: each starts with its item's title (then maybe a PDF badge or a new-tab hint). */
function expectTitles(headings: string[], items: NewsFixture[], locale: Locale) {
  expect(headings).toHaveLength(items.length);
  headings.forEach((heading, i) => expect(heading).toMatch(new RegExp(`^${escapeRegExp(items[i]?.translations[locale].title ?? '-')}`)));
}

/** The paragraphs of `texts` that the element's text (whitespace collapsed, as toContainText reads it) does not contain. */
const missingFrom = (text: string | null, texts: string[]) => {
  const read = (text ?? '').replace(/\s+/g, ' ');
  return texts.filter((t) => !read.includes(t));
};

/** The pages with a video, and its host. */
const VIDEOS: Record<string, { provider: string; src: RegExp }> = {
  esg: { provider: 'YouTube', src: /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/ },
  'about-us': { provider: 'Vimeo', src: /^https:\/\/player\.vimeo\.com\/video\/\d+\?dnt=1$/ },
};
const videoTitle = (code: string, locale: Locale) =>
  pages.find((p) => p.code === code)?.components.find((c) => c.code === 'video')?.texts.find((x) => x.code === 'title')?.content[locale] ?? '-';

/**
 * A button to the cookie settings works the same in every language: each page's is pressed in one,
 * the languages taken in turn; its label is checked in every language.
 */
const PRESSED_IN: Record<string, Locale> = { rgpd: 'fr', esg: 'en', 'about-us': 'es' };

/** What a content page holds besides its texts, named in its test's title. */
const EXTRAS: Record<string, (pressed: boolean) => string> = {
  'legal-notices': () => ', its hostile markup dropped',
  rgpd: (pressed) => `; its table of contents and the button to the cookie settings${pressed ? ', which opens them' : ''}`,
  accessibility: () => '; its table of contents and its links to the contact page of its language',
  esg: (pressed) => `; without video consent, a notice and a button to the cookie settings${pressed ? ' that opens them' : ''}, nothing loaded from YouTube`,
  'about-us': (pressed) => `; without video consent, a notice and a button to the cookie settings${pressed ? ' that opens them' : ''}, nothing loaded from Vimeo`,
};

/**
 * The content pages are seeded rich text whose markup differs from one language to the next: each is
 * visited in every language, with its scripts, and scanned there; what else the page holds is
 * checked in the same visit.
 */
for (const locale of LOCALES) {
  test.describe(`content pages in ${locale}`, () => {
    for (const route of CONTENT_PAGES) {
      const pressed = PRESSED_IN[route.code] === locale;
      test(`${route.paths[locale]} renders every text of its server page, cleaned, with no axe violation${EXTRAS[route.code]?.(pressed) ?? ''}`, async ({ page }) => {
        const m = await messages(locale);
        const thirdParty: string[] = [];
        page.on('request', (r) => {
          if (/youtube|vimeo/.test(new URL(r.url()).hostname)) thirdParty.push(r.url());
        });
        const fixture = pages.find((p) => p.code === route.code);
        expect(fixture).toBeDefined();
        const response = await page.goto(route.paths[locale]);
        expect(response?.status()).toBe(200);
        // What routes.spec.ts checks of every other route: the language, the title, a single h1.
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page).toHaveTitle(new RegExp(escapeRegExp(fixture?.title[locale] ?? '-')));
        const main = page.locator('main');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixture?.title[locale] ?? '');
        let checked = 0;
        const texts: string[] = [];
        for (const component of fixture?.components ?? []) {
          for (const text of component.texts) {
            const content = text.content[locale];
            if (text.code === 'video') continue; // the video checks below
            if (text.code.endsWith('-url')) {
              await expect(main.locator(`a[href="${content}"]`).first(), `${component.code}/${text.code}`).toBeVisible();
            } else {
              texts.push(...paragraphs(content));
            }
            checked += 1;
          }
        }
        expect(checked).toBeGreaterThan(5);
        // Every paragraph at once, read again until all are there (as toContainText waits for one).
        await expect.poll(async () => missingFrom(await main.textContent(), texts), { message: 'paragraphs missing from main' }).toEqual([]);
        // docs/product.md §5: nothing but b, i, strong and a[href] comes out of content; no script link survives.
        await expect(main.locator('a[href^="javascript" i], a[href^="data:" i], img[onerror], [onclick]')).toHaveCount(0);
        if (route.code === 'legal-notices') {
          // The legal notices' seeded content carries hostile markup: its words stay, the links and images go.
          await expect(main.locator('section#hyperlinks a')).toHaveCount(0);
          await expect(main.locator('section#intellectual-property img')).toHaveCount(0);
        }
        if (route.code === 'rgpd') {
          await expect(page.getByRole('navigation', { name: m.Content.onThisPage })).toBeVisible();
          await expect(main.getByRole('button', { name: m.Content.manageCookies })).toBeVisible();
        }
        if (route.code === 'accessibility') {
          // The statement's way to ask for an accessible document: the contact page of the visitor's language.
          await expect(page.getByRole('navigation', { name: m.Content.onThisPage })).toBeVisible();
          await expect(main.locator(`a[href="${{ fr: '/fr/contact', en: '/en/contact', es: '/es/contacto' }[locale]}"]`)).toHaveCount(2);
        }
        const video = VIDEOS[route.code];
        const videoSection = main.locator('section#video');
        if (video) {
          await expect(videoSection.getByText(fill(m.Content.videoBlockedTitle ?? '', { provider: video.provider }))).toBeVisible();
          await expect(videoSection.getByRole('button', { name: m.Content.videoOpenSettings })).toBeVisible();
          await expect(videoSection.locator('iframe')).toHaveCount(0);
        }
        await expectNoAxeViolations(page, route.paths[locale]);
        if (pressed) {
          const button = video ? videoSection.getByRole('button', { name: m.Content.videoOpenSettings }) : main.getByRole('button', { name: m.Content.manageCookies });
          await (await hydrated(button)).click();
          // The consent layer answers with its settings dialog; closing it gives the page back.
          await expect(page.getByRole('dialog', { name: m.Consent.modalTitle })).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
          if (route.code === 'rgpd') await expect(page.getByRole('navigation', { name: m.Content.onThisPage })).toBeVisible();
        }
        if (video) expect(thirdParty).toEqual([]);
      });
    }
  });
}

/**
 * The home page's texts, figures, fund cards and links are in the server's HTML: read without
 * JavaScript in every language. routes.spec.ts scans the home page with axe, hydrated.
 */
test.describe('home, as the server renders it', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`home in ${locale}: company, key figures, highlighted funds, latest news and a way into every part of the site`, async ({ page }) => {
      const m = await messages(locale);
      const response = await page.goto(`/${locale}`);
      expect(response?.status()).toBe(200);
      const main = page.locator('main');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(company.title[locale]);
      await expect(main).toContainText(company.baseline[locale]);
      await expect(main).toContainText(company.subBaseline[locale]);
      for (const figure of company.keyFigures) {
        await expect(main).toContainText(figure.value[locale]);
        await expect(main).toContainText(figure.title[locale]);
      }
      const highlighted = funds.filter((f) => f.isHighlight && f.visibleTo.includes('RETAIL'));
      expect(highlighted.length).toBeGreaterThan(0);
      for (const fund of highlighted) {
        const link = main.getByRole('link', { name: fund.title[locale], exact: true });
        await expect(link).toHaveAttribute('href', `/${locale}/funds/${fund.slug}`);
        // `has` is matched inside each list item, so it starts from the page, not from main.
        const card = main.getByRole('listitem').filter({ has: page.getByRole('link', { name: fund.title[locale], exact: true }) });
        await expect(card).toContainText(categories.find((c) => c.code === fund.categoryCode)?.title[locale] ?? '');
        await expect(card.getByRole('img', { name: fill(m.Home.riskLevel ?? '', { level: fund.riskLevel }) })).toBeVisible();
        await expect(card).toContainText(fill(m.Home.sfdrArticle ?? '', { article: fund.sfdrArticle }));
      }
      for (const item of newestFirst.slice(0, 3)) {
        await expect(main.getByRole('link', { name: item.translations[locale].title })).toBeVisible();
        await expect(main).toContainText(dateOf(item.publishedAt, locale));
      }
      const hrefs = await main.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      for (const path of SECTION_PATHS[locale]) expect(hrefs, path).toContain(path);
    });
  }
});

const external = newestFirst.find((n) => n.externalUrl) as NewsFixture;
const doc = newestFirst.find((n) => !n.externalUrl && n.hasDocument) as NewsFixture;
/** A plain news item: an article page of ours, with an author. */
const plain = newestFirst.find((n) => !n.externalUrl && !n.hasDocument && n.author) as NewsFixture;
const pageOf = (item: NewsFixture) => Math.floor(newestFirst.indexOf(item) / PAGE_SIZE) + 1;
const esgCategory = newsCategories.find((c) => c.code === 'esg');
const inEsg = newestFirst.filter((n) => n.categoryCode === 'esg');

/**
 * What the news pages say in each language (titles, dates, labels, the link of each kind of item,
 * the article's data, statuses and redirects) is in the server's HTML: read without JavaScript,
 * in every language. What the pages do once hydrated (the pagination's glide, the category filter,
 * following an article link) is driven below in one language each.
 */
test.describe('news, as the server renders it', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`the news list in ${locale}: newest first, paginated, its category filters, its three link types, the feed link, and its old addresses`, async ({ page, baseURL }) => {
      const m = await messages(locale);
      const section = page.locator('#news');
      const titles = section.getByRole('heading', { level: 3 });
      const pagination = page.getByRole('navigation', { name: m.News.pagination });
      const pageCount = Math.ceil(newestFirst.length / PAGE_SIZE);
      // Every page of the list, each with its news, newest first; the link types are read on the page of their item.
      for (let n = 1; n <= pageCount; n += 1) {
        const response = await page.goto(newsPagePath(locale, n));
        expect(response?.status(), newsPagePath(locale, n)).toBe(200);
        const items = newestFirst.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE);
        await expect(titles).toHaveCount(items.length);
        expectTitles(await titles.allInnerTexts(), items, locale);
        for (const item of items) await expect(section).toContainText(dateOf(item.publishedAt, locale));
        await expect(pagination.getByRole('link', { name: /^\S+ \d+$/ })).toHaveCount(pageCount);
        await expect(pagination.getByRole('link', { name: fill(m.News.page ?? '', { page: n }) })).toHaveAttribute('aria-current', 'page');
        for (const item of [external, doc, plain].filter((i) => pageOf(i) === n)) await expectNewsLink(page, locale, m, item);
        if (n > 1) continue;

        await expect(pagination.getByRole('link', { name: fill(m.News.page ?? '', { page: 2 }) })).toHaveAttribute('href', newsPagePath(locale, 2));
        const filters = page.getByRole('navigation', { name: m.News.categories });
        await expect(filters.getByRole('link', { name: m.News.all })).toHaveAttribute('aria-current', 'page');
        for (const c of newsCategories) await expect(filters.getByRole('link', { name: c.title[locale] })).toHaveAttribute('href', `${NEWS_ROUTE[locale]}/c/${c.code}`);
        await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${baseURL}/${locale}/rss.xml`);
      }
      // Each kind was met on its page.
      for (const item of [external, doc, plain]) {
        expect(item).toBeDefined();
        expect(pageOf(item)).toBeLessThanOrEqual(pageCount);
      }

      // External and document items are not pages of ours; nor are pages past the last.
      expect((await page.request.get(articlePath(locale, external))).status()).toBe(404);
      expect((await page.request.get(articlePath(locale, doc))).status()).toBe(404);
      expect((await page.request.get(newsPagePath(locale, pageCount + 1))).status()).toBe(404);
      expect((await page.request.get(`${NEWS_ROUTE[locale]}/${PAGE_SEGMENT[locale]}/x`)).status()).toBe(404);

      // Old ?page=N addresses and /page/1 still lead to the right page (whose news are read above).
      const old = await page.request.get(`${NEWS_ROUTE[locale]}?page=2`);
      expect(old.status()).toBe(200);
      expect(old.url()).toMatch(new RegExp(`${escapeRegExp(newsPagePath(locale, 2))}(\\?page=2)?$`));
      const first = await page.request.get(`${NEWS_ROUTE[locale]}/${PAGE_SEGMENT[locale]}/1`);
      expect(first.status()).toBe(200);
      expect(first.url()).toMatch(new RegExp(`${escapeRegExp(NEWS_ROUTE[locale])}$`));
    });

    test(`a category in ${locale} lists only that category, marks it current and is named in the title; unknown categories are 404`, async ({ page }) => {
      const m = await messages(locale);
      expect(inEsg.length).toBeGreaterThan(1);
      const response = await page.goto(`${NEWS_ROUTE[locale]}/c/esg`);
      expect(response?.status()).toBe(200);
      await expectCategoryPage(page, locale, m);
      expect((await page.request.get(`${NEWS_ROUTE[locale]}/c/no-such-category`)).status()).toBe(404);
    });

    test(`an article in ${locale}: title, date in the language, author, body, JSON-LD NewsArticle, feed link`, async ({ page, baseURL }) => {
      const tr = plain.translations[locale];
      const response = await page.goto(articlePath(locale, plain));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr.title);
      const article = page.locator('main article').first();
      await expect(article.locator('time')).toHaveText(dateOf(plain.publishedAt, locale));
      await expect(article.locator('time')).toHaveAttribute('datetime', plain.publishedAt);
      await expect(article).toContainText(plain.author ?? '-');
      await expect(article).toContainText(newsCategories.find((c) => c.code === plain.categoryCode)?.title[locale] ?? '-');
      await expect.poll(async () => missingFrom(await article.textContent(), paragraphs(tr.body)), { message: 'paragraphs missing from the article' }).toEqual([]);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b) as Record<string, unknown>);
      const ld = blocks.find((b) => b['@type'] === 'NewsArticle');
      expect(ld).toMatchObject({ headline: tr.title, datePublished: plain.publishedAt, inLanguage: locale, url: `${baseURL}${articlePath(locale, plain)}` });
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${baseURL}/${locale}/rss.xml`);
    });
  }
});

/** A news item's link in the list: external site in a new tab, document as a PDF, or article page. */
async function expectNewsLink(page: Page, locale: Locale, m: Messages, item: NewsFixture) {
  const link = page.locator('#news').getByRole('link', { name: item.translations[locale].title });
  if (item === external) {
    await expect(link).toHaveAttribute('href', item.externalUrl ?? '-');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /(?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/);
    await expect(link).toHaveAccessibleName(new RegExp(escapeRegExp(m.News.external ?? '-')));
  } else if (item === doc) {
    const href = `/${locale}/news/${item.translations[locale].slug}/doc`;
    await expect(link).toHaveAttribute('href', href);
    await expect(link).not.toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName(new RegExp(escapeRegExp(m.News.document ?? '-')));
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } else {
    await expect(link).toHaveAttribute('href', articlePath(locale, item));
    await expect(link).not.toHaveAttribute('target', '_blank');
  }
}

/** The esg category's page: its filter current, its title, its news only, newest first. */
async function expectCategoryPage(page: Page, locale: Locale, m: Messages) {
  const filters = page.getByRole('navigation', { name: m.News.categories });
  await expect(filters.getByRole('link', { name: esgCategory?.title[locale] })).toHaveAttribute('aria-current', 'page');
  await expect(filters.getByRole('link', { name: m.News.all })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(esgCategory?.title[locale] ?? '-');
  await expect(page).toHaveTitle(new RegExp(escapeRegExp(esgCategory?.title[locale] ?? '-')));
  const titles = page.locator('#news').getByRole('heading', { level: 3 });
  await expect(titles).toHaveCount(Math.min(PAGE_SIZE, inEsg.length));
  expectTitles(await titles.allInnerTexts(), inEsg.slice(0, PAGE_SIZE), locale);
}

/**
 * The hydrated news pages, one language each: what they do there does not depend on the language.
 * Each is scanned with axe once, in the state reached.
 */
test.describe('news, hydrated', () => {
  test('the news list has no axe violation, and moving from its bottom to page 2 shows that page and glides to the news section (en)', async ({ page }) => {
    const locale = 'en';
    const m = await messages(locale);
    await page.goto(NEWS_ROUTE[locale]);
    const titles = page.locator('#news').getByRole('heading', { level: 3 });
    await expect(titles).toHaveCount(PAGE_SIZE);
    await expectNoAxeViolations(page, NEWS_ROUTE[locale]);

    const pagination = page.getByRole('navigation', { name: m.News.pagination });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The glide is asked of the browser as a smooth scroll; how many frames it shows depends on
    // the machine's speed, so the test records what the page asks for and where it ends.
    await page.evaluate(() => {
      const asked: string[] = [];
      (window as unknown as { glides: string[] }).glides = asked;
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
        if (this.id === 'news') asked.push(typeof options === 'object' ? (options.behavior ?? 'auto') : 'auto');
        return original.call(this, options);
      };
    });
    await pagination.getByRole('link', { name: fill(m.News.page ?? '', { page: 2 }) }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(newsPagePath(locale, 2))}$`));
    await expect(titles.first()).toHaveText(new RegExp(escapeRegExp(newestFirst[PAGE_SIZE]?.translations[locale].title ?? '-')));
    await expect(pagination.getByRole('link', { name: fill(m.News.page ?? '', { page: 2 }) })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('news')?.getBoundingClientRect().top ?? -1)), { timeout: 5000 }).toBeLessThanOrEqual(120);
    expect(await page.evaluate(() => document.getElementById('news')?.getBoundingClientRect().top ?? -1)).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { glides: string[] }).glides), 'a smooth scroll to the news section').toContain('smooth');
  });

  test('a category filter leads to that category, marked current, the title following; the category page has no axe violation (es)', async ({ page }) => {
    const locale = 'es';
    const m = await messages(locale);
    await page.goto(NEWS_ROUTE[locale]);
    const filters = page.getByRole('navigation', { name: m.News.categories });
    await expect(filters.getByRole('link', { name: m.News.all })).toHaveAttribute('aria-current', 'page');
    await filters.getByRole('link', { name: esgCategory?.title[locale] }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(NEWS_ROUTE[locale])}/c/esg$`));
    // The document's title follows the navigation (Next streams the new page's metadata after its body).
    await expectCategoryPage(page, locale, m);
    await expectNoAxeViolations(page, `${NEWS_ROUTE[locale]}/c/esg`);
  });

  test('an article link of the list leads to its article, which has no axe violation (fr)', async ({ page }) => {
    const locale = 'fr';
    await page.goto(newsPagePath(locale, pageOf(plain)));
    const link = page.locator('#news').getByRole('link', { name: plain.translations[locale].title });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(articlePath(locale, plain))}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain.translations[locale].title);
    await expectNoAxeViolations(page, articlePath(locale, plain));
  });
});

test('the RSS feed of each language is valid RSS 2.0 with the RETAIL news and their links', async ({ page, baseURL }) => {
  for (const locale of LOCALES) {
    const response = await page.request.get(`/${locale}/rss.xml`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    // The browser's XML parser is strict: any escaping mistake is a parsererror document. It is
    // the blank page's: no page of the site is needed to parse the feed.
    const feed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      const text = (el: Element, name: string) => el.getElementsByTagName(name)[0]?.textContent ?? null;
      const channel = doc.querySelector('rss > channel');
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        version: doc.documentElement.getAttribute('version'),
        title: channel ? text(channel, 'title') : null,
        link: channel ? text(channel, 'link') : null,
        language: channel ? text(channel, 'language') : null,
        items: [...doc.querySelectorAll('rss > channel > item')].map((item) => ({
          title: text(item, 'title'),
          link: text(item, 'link'),
          guid: text(item, 'guid'),
          pubDate: text(item, 'pubDate'),
          description: text(item, 'description'),
        })),
      };
    }, xml);
    expect(feed.error, locale).toBe(false);
    expect(feed.version).toBe('2.0');
    expect(feed.link).toBe(`${baseURL}${NEWS_ROUTE[locale]}`);
    expect(feed.language).toBe({ fr: 'fr-fr', en: 'en-gb', es: 'es-es' }[locale]);
    expect(feed.title).toContain(company.title[locale]);
    const expected = newestFirst.slice(0, 20);
    expect(feed.items).toHaveLength(expected.length);
    feed.items.forEach((item, i) => {
      const source = expected[i] as NewsFixture;
      const tr = source.translations[locale];
      const link = source.externalUrl ?? (source.hasDocument ? `${baseURL}/${locale}/news/${tr.slug}/doc` : `${baseURL}${articlePath(locale, source)}`);
      expect(item.title).toBe(tr.title);
      expect(item.link).toBe(link);
      expect(item.guid).toBe(link);
      expect(item.description).toBe(tr.summary);
      expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} 12:00:00 GMT$/);
      expect(new Date(item.pubDate ?? '').toISOString().slice(0, 10)).toBe(source.publishedAt);
    });
  }
});

/**
 * With the video service on, the player: drawn by the page's script once it reads the consent, so
 * driven in a browser, one page and language each. Without consent, the notice is checked in every
 * language with the page's texts above.
 */
test.describe('videos with consent', () => {
  for (const [code, locale] of [
    ['esg', 'es'],
    ['about-us', 'fr'],
  ] as const) {
    const video = VIDEOS[code] as { provider: string; src: RegExp };
    const path = CONTENT_PAGES.find((r) => r.code === code)?.paths[locale] ?? '';
    test(`${path}: with the video service on, an accessible ${video.provider} player the CSP allows`, async ({ page, context, baseURL }) => {
      const m = await messages(locale);
      await context.addCookies([{ name: 'cookie_consent', value: serializeConsent({ video: true }, new Date()), url: baseURL ?? '' }]);
      // No network to the video hosts here: answer for them with a stand-in player page.
      await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Player</title><body><p>Player</p></body></html>' }),
      );
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com[^;]*https:\/\/player\.vimeo\.com/);
      const player = page.locator('main section#video iframe');
      await expect(player).toHaveCount(1);
      await expect(player).toHaveAttribute('title', fill(m.Content.videoPlayer ?? '', { title: videoTitle(code, locale), provider: video.provider }));
      await expect(player).toHaveAttribute('src', video.src);
      await player.scrollIntoViewIfNeeded();
      await expect(page.frameLocator('main section#video iframe').getByText('Player')).toBeVisible();
      await expect(page.locator('main section#video').getByRole('button', { name: m.Content.videoOpenSettings })).toHaveCount(0);
      await expectNoAxeViolations(page, `${path} with video`);
    });
  }
});
