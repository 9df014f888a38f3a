import { expect, test } from '@playwright/test';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { news } from '../../src/server/db/seed/fixtures/content/news';

test('each page has a title, a description, a canonical link, hreflang alternates with x-default and Open Graph tags', async ({ page, baseURL }) => {
  await page.goto('/en/about-us');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/en/about-us`);
  await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute('href', `${baseURL}/fr/nous-connaitre`);
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', `${baseURL}/es/conocernos`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/fr/nous-connaitre`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /About/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/en/about-us`);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_GB');
});

test('the home page carries JSON-LD Organization and the site has a favicon', async ({ page, request }) => {
  await page.goto('/fr');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type']);
  expect(types).toContain('Organization');
  const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(icon).toMatch(/icon/);
  expect((await request.get(icon ?? '')).status()).toBe(200);
});

test('sitemap.xml lists every localized page, fund, share and news article; robots.txt points to it', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ['/fr/nous-connaitre', '/en/about-us', '/es/conocernos', '/fr/gamme-fonds', '/es/noticias', '/en/gdpr']) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  const publicFund = funds.find((f) => f.visibleTo.includes('RETAIL'));
  const hiddenFund = funds.find((f) => !f.visibleTo.includes('RETAIL'));
  expect(xml).toContain(`${baseURL}/en/funds/${publicFund?.slug}</loc>`);
  expect(xml).toContain(`${baseURL}/fr/funds/${publicFund?.slug}/shares/${publicFund?.shares[0]?.slug}</loc>`);
  expect(xml).not.toContain(`/funds/${hiddenFund?.slug}<`);
  const plain = news.find((n) => !n.externalUrl && !n.hasDocument);
  expect(xml).toContain(`${baseURL}/es/noticias/${plain?.translations.es.slug}</loc>`);
  expect(xml).toContain('hreflang="x-default"');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /graphql');
});
