import { describe, expect, it } from 'vitest';
import { GET, HEAD } from '../../src/app/e/[locale]/data/funds/[fundSlug]/[isin]/[file]/route';
import type { ChartPeriod } from '../../src/domain/performance/compute';
import { getDb } from '../../src/server/db';
import { getShare } from '../../src/server/funds/queries';
import { growthSeriesByPeriod, navHistory } from '../../src/server/navs/queries';
import { funds } from '../../src/server/db/seed/fixtures/funds';

const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares.find((s) => s.isMain);
const youngFund = funds.find((f) => f.shares.some((s) => s.inceptionDate === '2026-03-02'));
const young = youngFund?.shares.find((s) => s.inceptionDate === '2026-03-02');
const hiddenFund = funds.find((f) => !f.visibleTo.includes('RETAIL') && f.visibleTo.includes('INSTIT'));
const hiddenShare = hiddenFund?.shares.find((s) => s.visibleTo.includes('INSTIT'));

/** The figure each chart period must end on: the chart and the table use the same start dates and NAVs. */
const FIGURE: Record<ChartPeriod, string> = {
  '1m': '1m', '3m': '3m', '6m': '6m', ytd: 'ytd', '1y': '1y', '3y': '3y', '5y': '5y', '10y': '10y', inception: 'creation',
};

const call = (method: 'GET' | 'HEAD', path: string, headers: Record<string, string> = {}) => {
  const [, , locale, , , fundSlug, isin, file] = path.split('/');
  return (method === 'GET' ? GET : HEAD)(new Request(`http://localhost${path}`, { method, headers }), {
    params: Promise.resolve({ locale: locale ?? '', fundSlug: fundSlug ?? '', isin: isin ?? '', file: file ?? '' }),
  });
};

describe('growth chart series (server/navs/queries.ts)', () => {
  it('has every period of an old share, each ending where the performance table says', async () => {
    const found = await getShare('en', fund?.slug ?? '', share?.slug ?? '', { profile: 'RETAIL', country: 'FR' });
    expect(found?.share.lastPrice).not.toBeNull();
    const { share: view, fund: fundView } = found as NonNullable<typeof found>;
    const series = await growthSeriesByPeriod(view, fundView.benchmark?.code ?? null, view.lastPrice?.date ?? '', 100);
    expect(series.map((s) => s.period)).toEqual(['1m', '3m', '6m', 'ytd', '1y', '3y', '5y', '10y', 'inception']);
    for (const growth of series) {
      const figure = view.fetchedData.find((f) => f.code === FIGURE[growth.period]);
      expect(growth.share[0]?.value, growth.period).toBeCloseTo(100, 9);
      expect(growth.share.length, growth.period).toBeLessThanOrEqual(100);
      expect(growth.share.at(-1)?.date).toBe(view.lastPrice?.date);
      expect(growth.share.at(-1)?.value, growth.period).toBeCloseTo(100 * (1 + (figure?.value ?? Number.NaN)), 9);
      expect(growth.benchmark.at(-1)?.value, growth.period).toBeCloseTo(100 * (1 + (figure?.benchmarkValue ?? Number.NaN)), 9);
    }
  });

  it('has only the periods that start after a young share’s inception', async () => {
    const found = await getShare('en', youngFund?.slug ?? '', young?.slug ?? '', { profile: 'RETAIL', country: 'FR' });
    const view = found?.share;
    const series = await growthSeriesByPeriod(view as NonNullable<typeof view>, null, view?.lastPrice?.date ?? '', 100);
    expect(series.map((s) => s.period)).toEqual(['1m', '3m', '6m', 'inception']);
  });
});

describe('CSV downloads (/e/{locale}/data/funds/{fundSlug}/{ISIN}/{file})', () => {
  const base = `/e/en/data/funds/${fund?.slug}/${share?.isinCode}`;

  it('serves the whole NAV history as an attachment with caching headers', async () => {
    const res = await call('GET', `${base}/nav-history.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="FR00140A3K73-nav-history-2026-11-20\.csv"/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600, must-revalidate');
    expect(res.headers.get('vary')).toBe('Cookie');
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    // Response.text() drops the byte-order mark.
    expect(lines[0]).toBe('isin,date,nav,currency');
    const navs = await navHistory(await getDb(), (await getShare('en', fund?.slug ?? '', share?.slug ?? '', { profile: 'RETAIL', country: 'FR' }))?.share.id ?? -1);
    expect(lines).toHaveLength(navs.length + 1);
    expect(lines[1]).toBe(`FR00140A3K73,2010-03-01,100,EUR`);
  });

  it('starts with a byte-order mark, answers 304 to its ETag and sends no body to HEAD', async () => {
    const res = await call('GET', `${base}/performance.csv`);
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const etag = res.headers.get('etag') ?? '';
    expect((await call('GET', `${base}/performance.csv`, { 'if-none-match': etag })).status).toBe(304);
    const head = await call('HEAD', `${base}/performance.csv`);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('labels the performance figures in the language of the path', async () => {
    const fr = (await (await call('GET', `/e/fr/data/funds/${fund?.slug}/${share?.isinCode}/performance.csv`)).text()).split('\r\n');
    expect(fr[1]).toMatch(/^FR00140A3K73,EUR,2026-11-20,Cumulée,ytd,Depuis le 1er janvier,-?\d+\.\d\d,-?\d+\.\d\d,%$/);
    const es = (await (await call('GET', `/e/es/data/funds/${fund?.slug}/${share?.isinCode}/performance.csv`)).text()).split('\r\n');
    expect(es.find((l) => l.includes(',vol_3y,'))).toMatch(/,Riesgo,vol_3y,Volatilidad 3 años,\d+\.\d\d,\d+\.\d\d,%$/);
  });

  it('is 404 for a young share, a hidden fund (200 with the INSTIT cookie) and bad parameters', async () => {
    expect((await call('GET', `/e/en/data/funds/${youngFund?.slug}/${young?.isinCode}/performance.csv`)).status).toBe(404);
    const hidden = `/e/en/data/funds/${hiddenFund?.slug}/${hiddenShare?.isinCode}/nav-history.csv`;
    expect((await call('GET', hidden)).status).toBe(404);
    expect((await call('GET', hidden, { cookie: 'investor_profile=INSTIT' })).status).toBe(200);
    for (const path of [`/e/xx/data/funds/${fund?.slug}/${share?.isinCode}/nav-history.csv`, `${base}/nav.csv`, `/e/en/data/funds/../${share?.isinCode}/nav-history.csv`]) {
      expect((await call('GET', path)).status, path).toBe(404);
    }
  });
});
