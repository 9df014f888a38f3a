/**
 * A share's regulatory pages (issue 23): the past-performance CSV against the share page's own calendar-year figures
 * for every demo share, a young share without bars, and the previous performance scenarios — seeded archive, import
 * (a bad row refuses the file whole, with its line; the same file twice writes nothing) and the import API's scope.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as postScenarios } from '../../src/app/api/admin/v1/scenarios/route';
import { GET } from '../../src/app/e/[locale]/data/funds/[fundSlug]/[isin]/[file]/route';
import { INVESTOR_PROFILES, type InvestorProfile } from '../../src/domain/catalog';
import { PROFILE_COOKIE } from '../../src/domain/privacy/consent';
import { calendarRows } from '../../src/domain/performance/table';
import { parseScenarioCsv } from '../../src/domain/csv/scenarios';
import { createApiToken } from '../../src/server/auth/tokens';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { getShare } from '../../src/server/funds/queries';
import { shareScenarios } from '../../src/server/scenarios/queries';
import { commitScenarioImport, previewScenarioImport } from '../../src/server/scenarios/import';

// Its own label: the audit entries this file counts are those it wrote.
const actor = { type: 'system', label: `scenario test ${randomUUID()}` } as const;

function csvGet(locale: string, fundSlug: string, isin: string, file: string, profile: InvestorProfile) {
  const path = `/e/${locale}/data/funds/${fundSlug}/${isin}/${file}`;
  return GET(new Request(`http://localhost${path}`, { headers: { cookie: `${PROFILE_COOKIE}=${profile}` } }), {
    params: Promise.resolve({ locale, fundSlug, isin, file }),
  });
}

const rowsOf = async (res: Response) =>
  (await res.text())
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

/** The share page's bar label as a bare number: "+ 12.3%" → "12.3", "-4.5 %" → "-4.5", "12,3 %" → "12.3". */
const bare = (label: string) => label.replace(/[+\s%\u00a0\u202f]/g, '').replace(',', '.').replace('\u2212', '-');

const demoShares = funds.flatMap((fund) => fund.shares.map((share) => ({ fund, share, profile: INVESTOR_PROFILES.find((p) => share.visibleTo.includes(p) && fund.visibleTo.includes(p)) as InvestorProfile })));

describe('past performance (/e/{locale}/data/funds/{fund}/{ISIN}/past-performance.csv)', () => {
  it('equals the share page’s calendar-year figures, to the decimal, for every demo share', async () => {
    let withYears = 0;
    for (const { fund, share, profile } of demoShares) {
      const found = await getShare('en', fund.slug, share.slug, { profile, country: 'FR' });
      expect(found, share.isinCode).not.toBeNull();
      const view = found!.share;
      const res = await csvGet('en', fund.slug, share.isinCode, 'past-performance.csv', profile);
      expect(res.status, share.isinCode).toBe(200);
      const [header, ...rows] = await rowsOf(res);
      expect(header).toEqual(['year', 'share', 'benchmark']);
      // What the share page draws: its calendar-year bars, labelled with one decimal.
      const page = new Map(calendarRows(view.lessThanOneYear ? [] : view.calendarYears, 'en').map((r) => [r.year, r]));
      const csvYears = new Map(rows.map(([year, value, benchmark]) => [Number(year), { value, benchmark }]));
      for (const [year, bar] of page) {
        expect(csvYears.get(year)?.value, `${share.isinCode} ${year}`).toBe(bare(bar.share));
        expect(csvYears.get(year)?.benchmark, `${share.isinCode} ${year} benchmark`).toBe(bar.benchmark === null ? '' : bare(bar.benchmarkLabel));
      }
      // Every other year of the chart is empty, never zero; at most ten years, oldest first, ending last year.
      for (const [year, cells] of csvYears) if (!page.has(year)) expect(cells, `${share.isinCode} ${year}`).toEqual({ value: '', benchmark: '' });
      expect(rows.length).toBeLessThanOrEqual(10);
      if (rows.length > 0) {
        withYears += 1;
        expect(Number(rows.at(-1)?.[0])).toBe(Number(view.lastPrice!.date.slice(0, 4)) - 1);
        expect(rows.map((r) => Number(r[0]))).toEqual([...rows.map((r) => Number(r[0]))].sort((a, b) => a - b));
        expect(Number(rows[0]?.[0])).toBe(Math.max(view.inceptionYear, Number(rows.at(-1)?.[0]) - 9));
      }
    }
    expect(withYears).toBeGreaterThan(20);
  });

  it('has no bar at all for a share younger than a year: the header alone', async () => {
    const young = demoShares.find(({ share }) => share.inceptionDate === '2026-03-02');
    expect(young).toBeDefined();
    const found = await getShare('en', young!.fund.slug, young!.share.slug, { profile: young!.profile, country: 'FR' });
    expect(found?.share.lessThanOneYear).toBe(true);
    const res = await csvGet('fr', young!.fund.slug, young!.share.isinCode, 'past-performance.csv', young!.profile);
    expect(res.status).toBe(200);
    expect(await rowsOf(res)).toEqual([['year', 'share', 'benchmark']]);
  });

  it('is a 404 for a share the profile may not see, an unknown ISIN or another file', async () => {
    const hidden = demoShares.find(({ fund }) => !fund.visibleTo.includes('RETAIL'));
    expect(hidden).toBeDefined();
    expect((await csvGet('en', hidden!.fund.slug, hidden!.share.isinCode, 'past-performance.csv', 'RETAIL')).status).toBe(404);
    expect((await csvGet('en', hidden!.fund.slug, 'FR0000000000', 'past-performance.csv', hidden!.profile)).status).toBe(404);
    expect((await csvGet('en', hidden!.fund.slug, hidden!.share.isinCode, 'past-performance.xlsx', hidden!.profile)).status).toBe(404);
  });
});

describe('previous performance scenarios', () => {
  const main = demoShares.find(({ share }) => share.isinCode === 'FR00140A3K73')!;

  it('are seeded monthly since January 2023 for the demo shares, newest first', async () => {
    const found = await getShare('en', main.fund.slug, main.share.slug, { profile: main.profile, country: 'FR' });
    const figures = await shareScenarios(found!.share.id);
    const months = [...new Set(figures.map((f) => f.month))];
    expect(months[0]).toBe('2026-10');
    expect(months.at(-1)).toBe('2023-01');
    expect(months).toHaveLength(46);
    // Four scenarios for one year and for the fund's recommended holding period each month, in order.
    expect(figures.filter((f) => f.month === '2026-10').map((f) => f.holdingPeriodYears).sort()).toEqual([1, 1, 1, 1, 5, 5, 5, 5]);
    for (const month of months) {
      for (const years of [1, 5]) {
        const get = (s: string) => figures.find((f) => f.month === month && f.holdingPeriodYears === years && f.scenario === s)!.amount;
        expect(get('stress')).toBeLessThan(get('unfavourable'));
        expect(get('unfavourable')).toBeLessThan(get('moderate'));
        expect(get('moderate')).toBeLessThan(get('favourable'));
      }
    }
  });

  it('downloads as a file the import reads back as unchanged', async () => {
    const res = await csvGet('es', main.fund.slug, main.share.isinCode, 'performance-scenarios.csv', main.profile);
    expect(res.status).toBe(200);
    const parsed = parseScenarioCsv(await res.text());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows).toHaveLength(46 * 8);
    const preview = await previewScenarioImport(await getDb(), parsed.rows);
    expect(preview.ok && preview.months.every((m) => m.status === 'unchanged')).toBe(true);
  });

  const file = (lines: string[]) => ['isin,month,scenario,holding_period_years,amount,annual_return', ...lines].join('\n');
  const november = (amount = 10410.2) =>
    [1, 5].flatMap((years) => [
      `${main.share.isinCode},2026-11,stress,${years},3012.4,-0.6988`,
      `${main.share.isinCode},2026-11,unfavourable,${years},8120,-0.188`,
      `${main.share.isinCode},2026-11,moderate,${years},${amount},0.041`,
      `${main.share.isinCode},2026-11,favourable,${years},14010.75,0.401`,
    ]);

  async function stored(month: string) {
    const db = await getDb();
    const found = await getShare('en', main.fund.slug, main.share.slug, { profile: main.profile, country: 'FR' });
    return db.$count(t.performanceScenarios, and(eq(t.performanceScenarios.shareId, found!.share.id), eq(t.performanceScenarios.month, month)));
  }

  it('refuses a file with one bad row whole, naming its line, and writes nothing', async () => {
    const lines = november();
    lines.push(`${main.share.isinCode},2026-12,moderate,1,abc,0.01`);
    const parsed = parseScenarioCsv(file(lines));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => [e.line, e.code])).toContainEqual([10, 'not-amount']);
    // An unknown ISIN passes the parser and is refused by the service, whole, with its line.
    const unknown = parseScenarioCsv(file([...november(), ...november().map((l) => l.replace(main.share.isinCode, 'FR0000000001'))]));
    expect(unknown.ok).toBe(true);
    if (!unknown.ok) return;
    const result = await commitScenarioImport(await getDb(), unknown.rows, actor);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatchObject({ line: 10, code: 'unknown-isin' });
    expect(await stored('2026-11')).toBe(0);
  });

  it('writes a new month once with one audit entry; the same file again writes and records nothing; a corrected month replaces it', async () => {
    const db = await getDb();
    const parsed = parseScenarioCsv(file(november()));
    if (!parsed.ok) throw new Error('the file is valid');
    const first = await commitScenarioImport(db, parsed.rows, actor, { source: 'test' });
    expect(first).toMatchObject({ ok: true, written: 8, months: [{ month: '2026-11', status: 'new' }] });
    expect(await stored('2026-11')).toBe(8);
    expect(await stored('2026-10')).toBe(8); // the archive is kept
    const audits = () => db.$count(t.auditLog, and(eq(t.auditLog.entity, 'performance_scenario'), eq(t.auditLog.actorLabel, actor.label)));
    expect(await audits()).toBe(1);
    const again = await commitScenarioImport(db, parsed.rows, actor);
    expect(again).toMatchObject({ ok: true, written: 0, months: [{ status: 'unchanged' }] });
    expect(await audits()).toBe(1);
    const corrected = parseScenarioCsv(file(november(10500)));
    if (!corrected.ok) throw new Error('the file is valid');
    expect(await commitScenarioImport(db, corrected.rows, actor)).toMatchObject({ ok: true, written: 8, months: [{ status: 'replaced' }] });
    expect(await stored('2026-11')).toBe(8);
    expect(await audits()).toBe(2);
  });

  it('through the import API only with a scenarios token', async () => {
    const db = await getDb();
    const scenarios = await createApiToken(db, { name: 'KID producer', scope: 'scenarios', days: 30, createdBy: null }, actor);
    const navs = await createApiToken(db, { name: 'NAV feed', scope: 'navs', days: 30, createdBy: null }, actor);
    const body = file(november().map((l) => l.replace('2026-11', '2022-12')));
    const request = (bearer: string, text = body) =>
      new Request('http://localhost/api/admin/v1/scenarios', { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'text/csv' }, body: text });
    expect((await postScenarios(request(navs.token))).status).toBe(403);
    expect(await stored('2022-12')).toBe(0);
    const bad = await postScenarios(request(scenarios.token, body.replace(',moderate,5,', ',middling,5,')));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: { line: number; code: string }[] }).errors).toContainEqual(expect.objectContaining({ line: 8, code: 'not-scenario' }));
    expect(await stored('2022-12')).toBe(0);
    const ok = await postScenarios(request(scenarios.token));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ outcome: 'changed', written: 8 });
    expect(await (await postScenarios(request(scenarios.token))).json()).toMatchObject({ outcome: 'unchanged', written: 0 });
  });
});
