import { expect, test } from '@playwright/test';

const MAX_PAGES = 600;

/** Every href of a page that stays on this site, without its fragment. */
function internalLinks(html: string, base: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*href="([^"]+)"/g)) {
    const raw = (match[1] ?? '').replace(/&amp;/g, '&');
    if (/^(mailto|tel|javascript):/i.test(raw) || raw.startsWith('#')) continue;
    const url = new URL(raw, base);
    if (url.origin !== new URL(base).origin) continue;
    url.hash = '';
    out.push(url.pathname + url.search);
  }
  return out;
}

test('no internal link of the site answers 404 or 5xx (crawl from /fr, /en and /es)', async ({ request, baseURL }) => {
  test.setTimeout(300_000);
  const queue = ['/fr', '/en', '/es'];
  const seen = new Set(queue);
  const broken: string[] = [];
  while (queue.length > 0 && seen.size <= MAX_PAGES) {
    const path = queue.shift() as string;
    const response = await request.get(path, { maxRedirects: 5 });
    if (response.status() >= 400) {
      broken.push(`${path} → ${response.status()}`);
      continue;
    }
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
    for (const link of internalLinks(await response.text(), `${baseURL}${path}`)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  expect(broken).toEqual([]);
  expect(seen.size).toBeGreaterThan(60);
});
