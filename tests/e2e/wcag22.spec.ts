import { expect, test, type Page, type Route } from '@playwright/test';
import compliance from '../../messages/compliance/en.json' with { type: 'json' };
import complianceEs from '../../messages/compliance/es.json' with { type: 'json' };
import core from '../../messages/core/en.json' with { type: 'json' };
import range from '../../messages/range/en.json' with { type: 'json' };
import share from '../../messages/share/en.json' with { type: 'json' };
import { news } from '../../src/server/db/seed/fixtures/content/news';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { hydrated } from '../support/hydration';
import { chartTableFindings, fixedOverTextFindings, forcedColourFindings, motionFindings, obscuredFocusFinding, reflowFindings, tabForObscuredFocus, tabTo, targetSizeFindings } from '../support/wcag22';

/**
 * The WCAG 2.2 AA criteria axe cannot judge (docs/accessibility.md), each checked by a function of
 * tests/support/wcag22.ts on the real page, where it must find nothing, and on a deliberately broken
 * variant of the same page (a style added, an attribute toggled, an element removed), where it must
 * report the failure: none of these checks passes by accident. Driven in English unless a check needs
 * more: what they measure does not depend on the language (axe runs in the three languages elsewhere).
 */

/** A share with a benchmark and ten complete years: every chart of the share pages is drawn. */
const chartFund = funds.find((f) => f.slug === 'aurore-actions-europe');
const chartShare = chartFund?.shares.find((s) => s.isMain);
const SHARE_PAGE = `/en/funds/${chartFund?.slug}/shares/${chartShare?.slug}`;
const FUND_PAGE = `/en/funds/${chartFund?.slug}`;
const article = news.find((n) => !n.externalUrl && !n.hasDocument);

/** The cookie notice of a visitor who has validated the disclaimer but made no cookie choice yet. */
const disclaimerValidatedOnly = async ({ baseURL }: { baseURL: string | undefined }, provide: (state: { cookies: never[]; origins: { origin: string; localStorage: { name: string; value: string }[] }[] }) => Promise<void>) =>
  provide({ cookies: [], origins: [{ origin: baseURL ?? '', localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }] });

test.describe('2.5.8 target size', () => {
  test("the header's controls (1280 px, 375 px and the menu open) and the fund finder's are 24 px or spaced; shrunk to 16 px side by side, they are reported", async ({ page }) => {
    // Sorted by name, so the finder offers its reset link beside the submit button.
    await page.goto('/en/fund-range?sort=name');
    const header = page.getByRole('banner');
    const finder = page.getByRole('region', { name: range.FundRange.finder.title });
    await expect(finder.getByRole('link', { name: range.FundRange.finder.reset })).toBeVisible();
    expect(await targetSizeFindings(header), 'header at 1280 px').toEqual([]);
    expect(await targetSizeFindings(finder), 'finder').toEqual([]);

    const broken = await page.addStyleTag({
      content: `header button[aria-haspopup] { width: 16px !important; height: 16px !important; min-width: 0 !important; padding: 0 !important; overflow: hidden; }
        #fund-finder-title ~ details button[type=submit] { width: 16px; height: 16px; padding: 0; overflow: hidden; margin-right: -16px; }`,
    });
    const headerFindings = await targetSizeFindings(header);
    expect(headerFindings.join('\n')).toMatch(new RegExp(`button(#\\S+)? "${core.Layout.language}[^"]*" is 16 × 16 px, under 24 × 24`));
    expect(await targetSizeFindings(finder)).toEqual([expect.stringMatching(new RegExp(`button "${range.FundRange.finder.submit}" is 16 × 16 px, under 24 × 24, and its 24 px circle reaches a "${range.FundRange.finder.reset}"`))]);
    await broken.evaluate((style) => (style as HTMLStyleElement).remove());

    await page.setViewportSize({ width: 375, height: 740 });
    expect(await targetSizeFindings(header), 'header at 375 px').toEqual([]);
    await (await hydrated(page.getByRole('button', { name: core.Layout.menu.open }))).click();
    const menu = page.getByRole('dialog', { name: core.Layout.menu.title });
    await expect(menu).toBeVisible();
    expect(await targetSizeFindings(menu), 'menu open at 375 px').toEqual([]);
  });
});

test.describe('2.4.11 focus not obscured', () => {
  // Where the focus ends, not how the page glides there: with the site's smooth scrolling, a busy
  // machine's stalled frames looked like a scroll that had ended (CI: a focused link judged outside
  // the window mid-glide). Reduced motion, which the site honours, makes the scroll instant.
  test.use({ storageState: disclaimerValidatedOnly, reducedMotion: 'reduce' });

  for (const [what, path] of [
    ['home page', '/en'],
    ['fund page', FUND_PAGE],
  ] as const) {
    test(`tabbing through the ${what} with the cookie notice shown, no focused element is hidden by it or by anything fixed or sticky`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('region', { name: compliance.Consent.noticeLabel })).toBeVisible();
      const { visited, findings } = await tabForObscuredFocus(page);
      expect(visited).toBeGreaterThan(20);
      expect(findings).toEqual([]);
    });
  }

  test('the page keeps the cookie notice\'s height free at the bottom: a link focused there scrolls above the notice; without that room it is reported hidden', async ({ page }) => {
    await page.goto('/en');
    const notice = page.getByRole('region', { name: compliance.Consent.noticeLabel });
    await expect(notice).toBeVisible();
    const height = (await notice.boundingBox())?.height ?? 0;
    await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom))).toBeGreaterThanOrEqual(height - 1);
    const link = page.getByRole('contentinfo').getByRole('link').first();
    /** The link brought just above the window's bottom edge, under the notice, then focused. */
    const focusAtTheBottom = async () => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await link.evaluate((el) => window.scrollBy({ top: el.getBoundingClientRect().bottom - window.innerHeight + 4, behavior: 'instant' }));
      await link.focus();
      return (await obscuredFocusFinding(page)).finding;
    };
    expect(await focusAtTheBottom()).toBeNull();
    // Broken: the room taken away.
    await page.addStyleTag({ content: 'html { scroll-padding-bottom: 0 !important; }' });
    expect(await focusAtTheBottom()).toContain(`is entirely hidden by section "${compliance.Consent.noticeLabel}" (position: fixed)`);
  });
});

test.describe('nothing fixed hides the page', () => {
  // A returning visitor: the floating cookie button shows from 640 px on. Instant scrolling: where the page ends, not how it glides there.
  test.use({ reducedMotion: 'reduce' });

  // Text under the button mid-page scrolls out from under it; what the page ends with cannot scroll
  // any further, so the end of each page is where the button must hide nothing.
  test('at 1280, 1024 and 640 px, the floating cookie button hides no text where a page ends; without the footer\'s room for it, the copyright line is reported under it', async ({ page }) => {
    const button = page.getByRole('button', { name: compliance.Consent.floatingButton, exact: true });
    const toEnd = () => page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    for (const width of [1280, 1024, 640]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/en', FUND_PAGE]) {
        await page.goto(path);
        await expect(button).toBeVisible();
        await toEnd();
        expect(await fixedOverTextFindings(page), `${path} at ${width} px`).toEqual([]);
      }
    }
    // Broken: the footer's last row without the room kept for the button.
    await page.addStyleTag({ content: 'footer > div:last-child > div { padding-bottom: 0.5rem !important; }' });
    await toEnd();
    expect((await fixedOverTextFindings(page)).join('\n')).toContain('under <button');
  });
});

test.describe('keyboard alone: the disclaimer gate and the cookie consent', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('from a fresh browser, the gate then the consent are passed with Tab, Space, Enter and Escape; a control taken out of the tab order is reported', async ({ page }) => {
    const t = complianceEs;
    await page.goto('/es');
    const gate = page.getByRole('dialog');
    await expect(gate.getByRole('radio', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();
    const accept = gate.getByRole('checkbox', { name: t.Disclaimer.accept });
    const confirm = gate.getByRole('button', { name: t.Disclaimer.confirm });
    expect(await tabTo(page, accept)).toBeNull();
    await page.keyboard.press('Space');
    await expect(confirm).toBeEnabled();
    // Broken: the confirm button out of the tab order; the focus cycles in the popup without reaching it.
    await confirm.evaluate((el) => el.setAttribute('tabindex', '-1'));
    expect(await tabTo(page, confirm, { presses: 12 })).toMatch(/^button "[^"]+" is not reached by 12 presses of Tab/);
    await confirm.evaluate((el) => el.removeAttribute('tabindex'));
    expect(await tabTo(page, confirm)).toBeNull();
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await expect(gate).toHaveCount(0);

    // The consent notice is first in the tab order.
    const notice = page.getByRole('region', { name: t.Consent.noticeLabel });
    await expect(notice).toBeVisible();
    const customize = notice.getByRole('button', { name: t.Consent.customize });
    expect(await tabTo(page, customize, { presses: 4 })).toBeNull();
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: t.Consent.modalTitle });
    await expect(settings).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    // Closed, the focus is back where the visitor was.
    await expect(customize).toBeFocused();
    const acceptAll = notice.getByRole('button', { name: t.Consent.acceptAll });
    await acceptAll.evaluate((el) => el.setAttribute('tabindex', '-1'));
    expect(await tabTo(page, acceptAll, { presses: 4, backwards: true })).toMatch(/is not reached by 4 presses of Shift\+Tab/);
    await acceptAll.evaluate((el) => el.removeAttribute('tabindex'));
    await customize.focus();
    expect(await tabTo(page, acceptAll, { presses: 4, backwards: true })).toBeNull();
    const recorded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await recorded;
    await expect(notice).toHaveCount(0);
    // Afterwards the page starts over at its skip link.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: (await import('../../messages/core/es.json', { with: { type: 'json' } })).default.Layout.skipToContent })).toBeFocused();
  });
});

test.describe('1.4.10 reflow at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const PAGES: [string, string][] = [
    ['home page', '/fr'],
    ['fund range', '/es/nuestros-fondos'],
    ['fund page', FUND_PAGE],
    ['share page', SHARE_PAGE],
    ['news list', '/fr/actualites'],
    ['article', `/en/news/${article?.translations.en.slug}`],
    ['document library', '/es/documentos'],
    ['content page', '/en/about-us'],
    ['contact form', '/fr/contact'],
  ];
  for (const [part, pages] of [
    ['1', PAGES.slice(0, 5)],
    ['2', PAGES.slice(5)],
  ] as const) {
    test(`no page scrolls sideways, and a region that does is reachable and named (${pages.map(([what]) => what).join(', ')})`, async ({ page }) => {
      for (const [what, path] of pages) {
        await page.goto(path);
        expect(await reflowFindings(page), `${what} ${path}`).toEqual([]);
      }
      if (part !== '2') return;
      // Broken: a 400 px wide block in the page.
      await page.locator('main').evaluate((main) => {
        const wide = document.createElement('div');
        wide.style.width = '400px';
        wide.textContent = 'wide';
        main.prepend(wide);
      });
      expect(await reflowFindings(page)).toEqual([expect.stringMatching(/^the page scrolls sideways: \d+ px wide in a 320 px viewport, because of div "wide" \(right edge at \d+ px\)/)]);
    });
  }
});

test.describe('reduced motion', () => {
  test.use({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });

  test('nothing animates, transitions or glides: the menu open, a section unfolded, the loading bar running; a 1 s transition added back is reported', async ({ page }) => {
    await page.goto('/en');
    await (await hydrated(page.getByRole('button', { name: core.Layout.menu.open }))).click();
    const menu = page.getByRole('dialog', { name: core.Layout.menu.title });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: new RegExp(core.Layout.funds) }).click();
    expect(await motionFindings(page)).toEqual([]);

    // The loading bar, held on screen while the next page's answer waits.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const target = await menu.getByRole('link').filter({ hasNotText: /Aurore/ }).first().getAttribute('href');
    await page.route(
      (url) => url.pathname === target,
      async (route: Route) => {
        await held;
        await route.continue();
      },
    );
    await menu.getByRole('link', { includeHidden: false }).filter({ hasNotText: /Aurore/ }).first().click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    expect(await motionFindings(page)).toEqual([]);
    release();
    await expect(page).toHaveURL(new RegExp(`${target}$`));

    // Broken: a style that brings a transition back over the reduced-motion rule.
    await page.addStyleTag({ content: 'footer a { transition: color 1s !important; }' });
    expect((await motionFindings(page))[0]).toMatch(/^a "[^"]*" transitions color for 1 s$/);
  });
});

test.describe('forced colours', () => {
  test.use({ colorScheme: 'light' });

  async function forced(page: Page, path: string) {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(path);
  }

  test('the share page: focus outlines, filled buttons, chart marks, icons and the chosen SRI level and period stay visible in the theme; an SRI level left to its fill is reported', async ({ page }) => {
    await forced(page, SHARE_PAGE);
    const nav = page.getByRole('navigation', { name: core.Layout.mainNavigation });
    const checks = {
      focusables: [nav.getByRole('button', { name: core.Layout.funds }), page.getByRole('banner').getByRole('link', { name: core.Layout.homeLink.replace('{company}', 'Aurore Gestion') }), page.getByText(share.Performance.showTable).first()],
      selected: [
        { selected: page.locator('[data-sri-scale] [data-current]').first(), unselected: page.locator('[data-sri-scale] li:not([data-current])').first() },
        { selected: page.locator('input:checked + [data-choice]').first(), unselected: page.locator('input:not(:checked) + [data-choice]').first() },
      ],
    };
    expect(await forcedColourFindings(page, checks)).toEqual([]);
    // Broken: the chosen level told apart by its fill alone, which the theme repaints.
    await page.addStyleTag({
      content: '[data-sri-scale] [data-current] { forced-color-adjust: auto !important; background-color: #0b3a6e !important; color: #fff !important; border-color: transparent !important; }',
    });
    expect(await forcedColourFindings(page, { selected: checks.selected.slice(0, 1) })).toEqual([expect.stringMatching(/^li "\d" looks the same as the unselected li "\d" under forced colours$/)]);
  });

  test('the fund finder and the back-office sign-in keep their focus outlines and button edges; a ring drawn as a shadow alone is reported', async ({ page }) => {
    await forced(page, '/en/fund-range');
    const finder = page.getByRole('region', { name: range.FundRange.finder.title });
    const submit = finder.getByRole('button', { name: range.FundRange.finder.submit });
    expect(await forcedColourFindings(page, { focusables: [finder.getByRole('searchbox'), submit] })).toEqual([]);
    await page.goto('/admin/login');
    const signIn = page.locator('main form');
    const fields = [signIn.getByRole('textbox').first(), signIn.getByLabel(/password/i), signIn.getByRole('button').last()];
    expect(await forcedColourFindings(page, { focusables: fields })).toEqual([]);
    // Broken: the focus shown by a box-shadow ring only, as the back-office's buttons did.
    await page.addStyleTag({ content: 'main form button { outline: none !important; box-shadow: 0 0 0 2px blue; }' });
    expect(await forcedColourFindings(page, { focusables: fields.slice(2) })).toEqual([expect.stringMatching(/shows no outline when focused under forced colours \(outline: none/)]);
  });
});

test.describe('charts and their data tables', () => {
  test("every chart of the share pages has a captioned table a screen reader reaches, holding the chart's figures; a chart without one is reported", async ({ page }) => {
    await page.goto(SHARE_PAGE);
    // The tables sit in "Show data as a table" disclosures, opened from the keyboard.
    const disclosures = page.getByRole('main').getByText(share.Performance.showTable);
    expect(await disclosures.count()).toBeGreaterThanOrEqual(2);
    for (const summary of await disclosures.all()) {
      await summary.focus();
      await page.keyboard.press('Enter');
    }
    const { captions, findings } = await chartTableFindings(page);
    expect(findings).toEqual([]);
    expect(captions.length).toBeGreaterThanOrEqual(2);
    for (const caption of captions) await expect(page.getByRole('table', { name: caption, exact: true })).toBeVisible();

    await page.goto(`${SHARE_PAGE}/past-performance`);
    const past = await chartTableFindings(page);
    expect(past.findings).toEqual([]);
    expect(past.captions).toHaveLength(1);
    // Broken: the chart no longer points to its table, which is outside its figure.
    await page.getByRole('img', { name: /.+/ }).and(page.locator('[aria-details]')).evaluate((svg) => svg.removeAttribute('aria-details'));
    expect((await chartTableFindings(page)).findings).toEqual([expect.stringMatching(/has no data table in its figure nor through aria-details$/)]);
  });
});
