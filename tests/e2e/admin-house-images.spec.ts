import { expect, test } from '@playwright/test';
import { ADMIN_EN, expectAccessible, staffPage } from '../support/admin';
import { png } from '../support/png';

/**
 * The house's images on the company screen (docs/decisions/062), by roles and labels: an admin's SVG
 * logo carrying a script is refused on its field with the translated message, and nothing changes;
 * a social image is stored (the suite's server publishes at once: APPROVAL_REQUIRED empty), shown
 * on the screen with its text alternative, and every public page names it as og:image, served with
 * its own CSP. Every screen passes axe. The social image stays until the demo is seeded again (the
 * seed clears house_image; the screen has no removal): no other spec
 * reads og:image.
 */
const T = ADMIN_EN.Admin;
const C = T.company;

test.describe.configure({ mode: 'serial', timeout: 120_000 });


test('an admin’s SVG logo with a script is refused on its field; a social image is stored and named by every page', async ({ browser, baseURL, page: visitor, request }) => {
  const { context, page } = await staffPage(browser, 'admin', baseURL);
  // The header's logo before: the demo seeds one (its own SVG), which a refused upload must leave as it is.
  await visitor.goto('/en');
  const headerLogo = visitor.getByRole('banner').locator('img[src^="/brand/"]');
  const logoBefore = await headerLogo.getAttribute('src');
  expect(logoBefore).toMatch(/^\/brand\/logo\.[0-9a-f]{16}\.svg$/);
  await page.goto('/admin/company');
  await expect(page.getByRole('heading', { level: 2, name: C.images.title })).toBeVisible();
  await expectAccessible(page);

  const logo = page.getByRole('form', { name: C.images.kinds.logo });
  const logoFile = logo.getByLabel(C.images.file);
  await logoFile.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" onload="alert(1)"><rect width="40" height="40"/></svg>') });
  await logo.getByRole('button', { name: C.images.submit }).click();
  await expect(logoFile).toHaveAttribute('aria-invalid', 'true');
  await expect(logoFile).toHaveAccessibleDescription(new RegExp(C.images.errors['svg-script'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expectAccessible(page);
  // Nothing stored: the header keeps the logo it had.
  await visitor.goto('/en');
  await expect(headerLogo).toHaveAttribute('src', logoBefore ?? '');

  const social = page.getByRole('form', { name: C.images.kinds.social });
  await social.getByLabel(C.images.file).setInputFiles({ name: 'share.png', mimeType: 'image/png', buffer: Buffer.from(png(1200, 630)) });
  await social.getByRole('button', { name: C.images.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: C.images.saved })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: C.images.currentAlt.replace('{image}', C.images.kinds.social) })).toBeVisible();
  await expectAccessible(page);

  await visitor.goto('/en');
  const og = await visitor.locator('meta[property="og:image"]').first().getAttribute('content');
  expect(og).toMatch(/\/brand\/social\.[0-9a-f]{16}\.png$/);
  const served = await request.get(new URL(og ?? '').pathname);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await context.close();
});
