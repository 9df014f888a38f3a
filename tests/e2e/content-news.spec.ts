import { axeViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { serializeConsent } from '../../src/domain/privacy/consent';
import { company } from '../../src/server/db/seed/fixtures/content/company';
import { news, newsCategories } from '../../src/server/db/seed/fixtures/content/news';
import { pages } from '../../src/server/db/seed/fixtures/content/pages';
import { categories } from '../../src/server/db/seed/fixtures/categories';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import type { NewsFixture } from '../../src/server/db/seed/fixtures/types';

const LOCALES = ['fr', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** News card headings, in order: each starts with its item's title (then maybe a PDF badge or a new-tab hint). */
function expectTitles(headings: string[], items: NewsFixture[], locale: Locale) {
  expect(headings).toHaveLength(items.length);
  headings.forEach((heading, i) => expect(heading).toMatch(new RegExp(`^${escapeRegExp(items[i]?.translations[locale].title ?? '-')}`)));
}

for (const locale of LOCALES) {
  test.describe(`content pages in ${locale}`, () => {
    for (const route of CONTENT_PAGES) {
      test(`${route.paths[locale]} renders every text of its server page, cleaned, with no axe violation`, async ({ page }) => {
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
        for (const component of fixture?.components ?? []) {
          for (const text of component.texts) {
            const content = text.content[locale];
            if (text.code === 'video') continue; // the video tests below
            if (text.code.endsWith('-url')) {
              await expect(main.locator(`a[href="${content}"]`).first(), `${component.code}/${text.code}`).toBeVisible();
            } else {
              for (const paragraph of paragraphs(content)) await expect(main, `${component.code}/${text.code}`).toContainText(paragraph);
            }
            checked += 1;
          }
        }
        expect(checked).toBeGreaterThan(5);
        // docs/product.md §5: nothing but b, i, strong and a[href] comes out of content; no script link survives.
        await expect(main.locator('a[href^="javascript" i], a[href^="data:" i], img[onerror], [onclick]')).toHaveCount(0);
        await expectNoAxeViolations(page, route.paths[locale]);
      });
    }

    test('the legal notices drop the hostile markup of their content but keep its words', async ({ page }) => {
      await page.goto(CONTENT_PAGES.find((r) => r.code === 'legal-notices')?.paths[locale] ?? '');
      const section = page.locator('main section#hyperlinks');
      await expect(section.locator('a')).toHaveCount(0);
      await expect(page.locator('main section#intellectual-property img')).toHaveCount(0);
    });

    test('the privacy page lists its cookies and reopens the cookie settings', async ({ page }) => {
      const m = await messages(locale);
      await page.goto(CONTENT_PAGES.find((r) => r.code === 'rgpd')?.paths[locale] ?? '');
      await page.locator('main').getByRole('button', { name: m.Content.manageCookies }).click();
      // The consent layer answers with its settings dialog; closing it gives the page back.
      await expect(page.getByRole('dialog', { name: m.Consent.modalTitle })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: m.Content.onThisPage })).toBeVisible();
    });

    test('home: company, key figures, highlighted funds, latest news and a way into every part of the site', async ({ page }) => {
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
      await expectNoAxeViolations(page, `/${locale}`);
    });
  });

  test.describe(`news in ${locale}`, () => {
    test('the list shows the newest news first, paginated, and moving to another page glides to the news section', async ({ page }) => {
      const m = await messages(locale);
      const response = await page.goto(NEWS_ROUTE[locale]);
      expect(response?.status()).toBe(200);
      const section = page.locator('#news');
      const titles = section.getByRole('heading', { level: 3 });
      await expect(titles).toHaveCount(PAGE_SIZE);
      expectTitles(await titles.allInnerTexts(), newestFirst.slice(0, PAGE_SIZE), locale);
      for (const item of newestFirst.slice(0, PAGE_SIZE)) await expect(section).toContainText(dateOf(item.publishedAt, locale));

      const pagination = page.getByRole('navigation', { name: m.News.pagination });
      const pageCount = Math.ceil(newestFirst.length / PAGE_SIZE);
      await expect(pagination.getByRole('link', { name: /^\S+ \d+$/ })).toHaveCount(pageCount);
      await expect(pagination.getByRole('link', { name: fill(m.News.page ?? '', { page: 1 }) })).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page, NEWS_ROUTE[locale]);

      // From the bottom of page 1 to page 2: the list changes and the page glides up to #news.
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

      // The last page, and pages that do not exist.
      await page.goto(newsPagePath(locale, pageCount));
      await expect(titles).toHaveCount(newestFirst.length - (pageCount - 1) * PAGE_SIZE);
      expect((await page.goto(newsPagePath(locale, pageCount + 1)))?.status()).toBe(404);
      expect((await page.goto(`${NEWS_ROUTE[locale]}/${PAGE_SEGMENT[locale]}/x`))?.status()).toBe(404);
    });

    test('old ?page=N addresses and /page/1 still lead to the right page', async ({ page }) => {
      await page.goto(`${NEWS_ROUTE[locale]}?page=2`);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(newsPagePath(locale, 2))}(\\?page=2)?$`));
      await expect(page.locator('#news').getByRole('heading', { level: 3 }).first()).toContainText(newestFirst[PAGE_SIZE]?.translations[locale].title ?? '-');
      await page.goto(`${NEWS_ROUTE[locale]}/${PAGE_SEGMENT[locale]}/1`);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(NEWS_ROUTE[locale])}$`));
    });

    test('a category filter lists only that category, marks it current, and unknown categories are 404', async ({ page }) => {
      const m = await messages(locale);
      const category = newsCategories.find((c) => c.code === 'esg');
      const inCategory = newestFirst.filter((n) => n.categoryCode === 'esg');
      expect(inCategory.length).toBeGreaterThan(1);
      await page.goto(NEWS_ROUTE[locale]);
      const filters = page.getByRole('navigation', { name: m.News.categories });
      await expect(filters.getByRole('link', { name: m.News.all })).toHaveAttribute('aria-current', 'page');
      for (const c of newsCategories) await expect(filters.getByRole('link', { name: c.title[locale] })).toHaveAttribute('href', `${NEWS_ROUTE[locale]}/c/${c.code}`);
      await filters.getByRole('link', { name: category?.title[locale] }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(NEWS_ROUTE[locale])}/c/esg$`));
      await expect(filters.getByRole('link', { name: category?.title[locale] })).toHaveAttribute('aria-current', 'page');
      await expect(filters.getByRole('link', { name: m.News.all })).not.toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(category?.title[locale] ?? '-');
      // The document's title follows the navigation (Next streams the new page's metadata after its body).
      await expect(page).toHaveTitle(new RegExp(escapeRegExp(category?.title[locale] ?? '-')));
      const titles = page.locator('#news').getByRole('heading', { level: 3 });
      await expect(titles).toHaveCount(Math.min(PAGE_SIZE, inCategory.length));
      expectTitles(await titles.allInnerTexts(), inCategory.slice(0, PAGE_SIZE), locale);
      await expectNoAxeViolations(page, `${NEWS_ROUTE[locale]}/c/esg`);
      expect((await page.goto(`${NEWS_ROUTE[locale]}/c/no-such-category`))?.status()).toBe(404);
    });

    test('the three link types: external site in a new tab, document as a PDF, article page', async ({ page, request }) => {
      const m = await messages(locale);
      const external = newestFirst.find((n) => n.externalUrl);
      const doc = newestFirst.find((n) => !n.externalUrl && n.hasDocument);
      const plain = newestFirst.find((n) => !n.externalUrl && !n.hasDocument);
      for (const item of [external, doc, plain]) {
        expect(item).toBeDefined();
        await page.goto(newsPagePath(locale, Math.floor(newestFirst.indexOf(item as NewsFixture) / PAGE_SIZE) + 1));
        const link = page.locator('#news').getByRole('link', { name: item?.translations[locale].title });
        if (item === external) {
          await expect(link).toHaveAttribute('href', item?.externalUrl ?? '-');
          await expect(link).toHaveAttribute('target', '_blank');
          await expect(link).toHaveAttribute('rel', /(?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/);
          await expect(link).toHaveAccessibleName(new RegExp(escapeRegExp(m.News.external ?? '-')));
        } else if (item === doc) {
          const href = `/${locale}/news/${item?.translations[locale].slug}/doc`;
          await expect(link).toHaveAttribute('href', href);
          await expect(link).not.toHaveAttribute('target', '_blank');
          await expect(link).toHaveAccessibleName(new RegExp(escapeRegExp(m.News.document ?? '-')));
          const pdf = await request.get(href);
          expect(pdf.status()).toBe(200);
          expect(pdf.headers()['content-type']).toBe('application/pdf');
          expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
        } else {
          await expect(link).toHaveAttribute('href', articlePath(locale, item as NewsFixture));
          await expect(link).not.toHaveAttribute('target', '_blank');
          await link.click();
          await expect(page).toHaveURL(new RegExp(`${escapeRegExp(articlePath(locale, item as NewsFixture))}$`));
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(item?.translations[locale].title ?? '-');
        }
      }
      // External and document items are not pages of ours.
      expect((await page.goto(articlePath(locale, external as NewsFixture)))?.status()).toBe(404);
      expect((await page.goto(articlePath(locale, doc as NewsFixture)))?.status()).toBe(404);
    });

    test('an article: title, date in the language, author, body, JSON-LD NewsArticle, feed link, no axe violation', async ({ page, baseURL }) => {
      const item = newestFirst.find((n) => !n.externalUrl && !n.hasDocument && n.author) as NewsFixture;
      const tr = item.translations[locale];
      const response = await page.goto(articlePath(locale, item));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr.title);
      const article = page.locator('main article').first();
      await expect(article.locator('time')).toHaveText(dateOf(item.publishedAt, locale));
      await expect(article.locator('time')).toHaveAttribute('datetime', item.publishedAt);
      await expect(article).toContainText(item.author ?? '-');
      await expect(article).toContainText(newsCategories.find((c) => c.code === item.categoryCode)?.title[locale] ?? '-');
      for (const paragraph of paragraphs(tr.body)) await expect(article).toContainText(paragraph);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b) as Record<string, unknown>);
      const ld = blocks.find((b) => b['@type'] === 'NewsArticle');
      expect(ld).toMatchObject({ headline: tr.title, datePublished: item.publishedAt, inLanguage: locale, url: `${baseURL}${articlePath(locale, item)}` });
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${baseURL}/${locale}/rss.xml`);
      await expectNoAxeViolations(page, articlePath(locale, item));
    });

    test(`the RSS feed of ${locale} is valid RSS 2.0 with the RETAIL news and their links`, async ({ page, request, baseURL }) => {
      await page.goto(NEWS_ROUTE[locale]);
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${baseURL}/${locale}/rss.xml`);
      const response = await request.get(`/${locale}/rss.xml`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
      const xml = await response.text();
      // The browser's XML parser is strict: any escaping mistake is a parsererror document.
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
      expect(feed.error).toBe(false);
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
    });
  });

  test.describe(`videos in ${locale}`, () => {
    const VIDEOS = [
      { code: 'esg', provider: 'YouTube', src: /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/ },
      { code: 'about-us', provider: 'Vimeo', src: /^https:\/\/player\.vimeo\.com\/video\/\d+\?dnt=1$/ },
    ];

    for (const video of VIDEOS) {
      const path = CONTENT_PAGES.find((r) => r.code === video.code)?.paths[locale] ?? '';
      const title = pages.find((p) => p.code === video.code)?.components.find((c) => c.code === 'video')?.texts.find((x) => x.code === 'title')?.content[locale] ?? '-';

      test(`${path}: without consent, a notice and a button to the cookie settings; nothing is loaded from ${video.provider}`, async ({ page }) => {
        const m = await messages(locale);
        const thirdParty: string[] = [];
        page.on('request', (r) => {
          if (/youtube|vimeo/.test(new URL(r.url()).hostname)) thirdParty.push(r.url());
        });
        await page.goto(path);
        const section = page.locator('main section#video');
        await expect(section.getByText(fill(m.Content.videoBlockedTitle ?? '', { provider: video.provider }))).toBeVisible();
        await expect(section.locator('iframe')).toHaveCount(0);
        await section.getByRole('button', { name: m.Content.videoOpenSettings }).click();
        await expect(page.getByRole('dialog', { name: m.Consent.modalTitle })).toBeVisible();
        expect(thirdParty).toEqual([]);
      });

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
        await expect(player).toHaveAttribute('title', fill(m.Content.videoPlayer ?? '', { title, provider: video.provider }));
        await expect(player).toHaveAttribute('src', video.src);
        await player.scrollIntoViewIfNeeded();
        await expect(page.frameLocator('main section#video iframe').getByText('Player')).toBeVisible();
        await expect(page.locator('main section#video').getByRole('button', { name: m.Content.videoOpenSettings })).toHaveCount(0);
        await expectNoAxeViolations(page, `${path} with video`);
      });
    }
  });
}
