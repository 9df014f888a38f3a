/**
 * NAV history for many share classes in one file (issue 43, docs/back-office.md, Imports): a file of
 * three share classes is previewed per share class (new, corrected old → new, unchanged), proposed
 * once, approved by compliance, then written in one transaction: the NAVs are read by the public and
 * each share's figures are recomputed as of its new last date, with one audit entry. A file with a bad
 * row or an unknown ISIN is refused whole, its lines named in the staff member's language.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNavCsv } from '../../src/domain/csv/navs';
import { addDays } from '../../src/domain/dates';
import { isinWithCheckDigit } from '../../src/domain/funds/isin';
import { dataTranslator } from '../../src/i18n/data';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { previewNavImport } from '../../src/server/navs/import';
import { ImportPreview } from '../../src/app/admin/(staff)/imports/_preview';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'data' | 'compliance', Person>;

beforeAll(async () => {
  Object.assign(people, await staffPeople(['data', 'compliance'] as const, `bulk-navs-${run}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

/** Three demo share classes with figures, their id, ISIN, last NAV and the NAV of the day before. */
async function threeShares() {
  const db = await getDb();
  const rows = await db
    .select({ id: t.shares.id, isin: t.shares.isinCode, asOf: t.sharePerformances.asOf, lastNav: t.sharePerformances.lastNav })
    .from(t.shares)
    .innerJoin(t.sharePerformances, eq(t.sharePerformances.shareId, t.shares.id))
    .orderBy(t.shares.id)
    .limit(3);
  if (rows.length < 3 || rows.some((r) => !r.asOf || !r.lastNav)) throw new Error('the demo has three shares with NAVs');
  return Promise.all(
    rows.map(async (r) => {
      const [last] = await db.select({ date: t.navs.date, nav: t.navs.nav }).from(t.navs).where(and(eq(t.navs.shareId, r.id), eq(t.navs.date, r.asOf as string)));
      return { ...r, asOf: r.asOf as string, lastNav: last?.nav ?? (r.lastNav as number) };
    }),
  );
}

describe('a NAV history of many share classes in one file', () => {
  it('is previewed per share class, proposed once, approved by compliance, then public and recomputed', async () => {
    const db = await getDb();
    const [a, b, c] = await threeShares();
    if (!a || !b || !c) throw new Error('three shares');
    const next = (d: string, n: number) => addDays(d, n);
    // a: its last NAV again (unchanged) and two new days; b: its last NAV corrected; c: one new day.
    const text = [
      'isin,date,nav',
      `${a.isin},${a.asOf},${a.lastNav}`,
      `${a.isin},${next(a.asOf, 1)},${(a.lastNav * 1.01).toFixed(4)}`,
      `${b.isin},${b.asOf},${(b.lastNav * 0.99).toFixed(4)}`,
      `${a.isin},${next(a.asOf, 2)},${(a.lastNav * 1.02).toFixed(4)}`,
      `${c.isin},${next(c.asOf, 3)},${(c.lastNav * 1.05).toFixed(4)}`,
    ].join('\n');
    const parsed = parseNavCsv(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));

    const preview = await previewNavImport(db, parsed.rows);
    if (!preview.ok) throw new Error(JSON.stringify(preview.errors));
    expect(preview).toMatchObject({ rows: 5, added: 3, changed: 1, unchanged: 1 });
    expect(preview.isins.map(({ series, rows, added, changed, unchanged }) => [series, rows, added, changed, unchanged])).toEqual([
      [a.isin, 3, 2, 0, 1],
      [b.isin, 1, 0, 1, 0],
      [c.isin, 1, 1, 0, 0],
    ]);
    // The screen's preview, in French: one row per share class, its address beside its ISIN, and the correction old → new.
    const html = renderToStaticMarkup(createElement(ImportPreview, { kind: 'navs', preview, locale: 'fr' }));
    expect(html).toContain('5 lignes : 3 nouvelles, 1 modifiées, 1 déjà enregistrées.');
    for (const share of preview.isins) expect(html).toContain(`${share.fundSlug} / ${share.shareSlug}`);
    expect(html).toContain('Part (fonds / part)');
    expect(preview.changes).toEqual([{ line: 4, series: b.isin, date: b.asOf, old: b.lastNav, new: Number((b.lastNav * 0.99).toFixed(4)) }]);

    const input = { rows: parsed.rows, fileName: `history-${run}.csv`, sha256: createHash('sha256').update(text).digest('hex') };
    const proposed = await saveChange(db, 'import.navs', input, people.data, { note: `History ${run}`, areas: ['funds'] });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    const mine = await db.select({ id: t.proposedChange.id }).from(t.proposedChange).where(and(eq(t.proposedChange.kind, 'import.navs'), eq(t.proposedChange.authorId, people.data.id)));
    expect(mine.map((p) => p.id)).toEqual([proposed.id]);
    const figures = () => db.select({ shareId: t.sharePerformances.shareId, asOf: t.sharePerformances.asOf, lastNav: t.sharePerformances.lastNav }).from(t.sharePerformances).where(inArray(t.sharePerformances.shareId, [a.id, b.id, c.id])).orderBy(t.sharePerformances.shareId);
    const before = await figures();
    expect(before.map((f) => f.asOf)).toEqual([a.asOf, b.asOf, c.asOf]);

    expect(await approveChange(db, proposed.id, people.data)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await proposalById(db, proposed.id)).toMatchObject({ status: 'published' });

    // The figures the public pages read, recomputed as of each share's new last date.
    const after = await figures();
    expect(after.map((f) => f.asOf)).toEqual([next(a.asOf, 2), b.asOf, next(c.asOf, 3)]);
    expect(after[0]?.lastNav).toBeCloseTo(a.lastNav * 1.02, 3);
    expect(after[1]?.lastNav).toBeCloseTo(b.lastNav * 0.99, 3);
    expect(after[2]?.lastNav).toBeCloseTo(c.lastNav * 1.05, 3);
    // One audit entry for the file, by its author.
    const audits = await db.select({ after: t.auditLog.after }).from(t.auditLog).where(and(eq(t.auditLog.entity, 'nav'), eq(t.auditLog.action, 'import'), eq(t.auditLog.actorId, people.data.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ source: `back-office:history-${run}.csv`, added: 3, changed: 1 });
    // The same file again changes nothing: no proposal.
    expect(await saveChange(db, 'import.navs', input, people.data, { areas: ['funds'] })).toEqual({ mode: 'unchanged' });
  });

  it('a bad row or an unknown ISIN refuses the file whole, each line named in the staff member’s language', async () => {
    const db = await getDb();
    const [a] = await threeShares();
    if (!a) throw new Error('a share');
    const d = dataTranslator('fr');
    const day = addDays(a.asOf, 10);
    // Line 3 has a comma as decimal separator: the file is refused by the parser, nothing is proposed.
    const bad = parseNavCsv(`isin,date,nav\n${a.isin},${day},101.5\n${a.isin},${addDays(day, 1)},"101,7"\n`);
    expect(bad.ok ? [] : bad.errors.map((e) => [e.line, e.code])).toEqual([[3, 'not-positive']]);
    expect(bad.ok ? '' : d('line', { line: 3, message: d(`csv.${bad.errors[0]!.code}`, bad.errors[0]!.params) })).toBe('Ligne 3 : « 101,7 » n’est pas un nombre positif écrit avec un point décimal');

    const unknown = isinWithCheckDigit('XS9999999ZZ');
    const text = `isin,date,nav\n${a.isin},${day},101.5\n${unknown},${day},99\n`;
    const parsed = parseNavCsv(text);
    if (!parsed.ok) throw new Error('parse');
    const preview = await previewNavImport(db, parsed.rows);
    expect(preview.ok ? [] : preview.errors.map((e) => [e.line, e.code, e.params.isin])).toEqual([[3, 'unknown-isin', unknown]]);
    const door = await saveChange(db, 'import.navs', { rows: parsed.rows, fileName: `refused-${run}.csv`, sha256: 'x' }, people.data, { areas: ['funds'] });
    expect(door).toMatchObject({ mode: 'invalid', problems: { lines: [{ line: 3, code: 'unknown-isin' }] } });
    expect(await db.select({ nav: t.navs.nav }).from(t.navs).where(and(eq(t.navs.shareId, a.id), eq(t.navs.date, day)))).toEqual([]);
    expect(await db.select({ id: t.proposedChange.id }).from(t.proposedChange).where(eq(t.proposedChange.targetLabel, `refused-${run}.csv`))).toEqual([]);
  });
});
