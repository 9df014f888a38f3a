/**
 * A third party's FinDatEx file on /admin/imports (issue 32, docs/distribution-data.md): an EMT
 * with three mistakes is refused with each line and field code named; fixed, it becomes one
 * proposal, its approval writes exactly the file's values (the PRIIPs answers kept), and the same
 * file again changes nothing. An EET does the same for a fund's sustainability answers. The files
 * are tests/fixtures/findatex/, built by its build.ts from the site's own rows.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFindatexCsv, type EmtLine, type FindatexLine } from '../../src/domain/distribution/findatex/read';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { commitFindatexImport, previewFindatexImport } from '../../src/server/distribution/import';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'editor' | 'compliance', Person>;
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/findatex', name), 'utf8');
const ISIN = '00010_Financial_Instrument_Identifying_Data';

beforeAll(async () => {
  Object.assign(people, await staffPeople(['editor', 'compliance'] as const, `findatex-${run}`));
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

function read(name: string): FindatexLine[] {
  const result = readFindatexCsv(fixture(name));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rows;
}

const input = (name: string, rows: FindatexLine[]) => ({ rows, fileName: name, sha256: createHash('sha256').update(fixture(name)).digest('hex') });

async function distributionOf(isins: string[]) {
  const db = await getDb();
  const rows = await db
    .select({ isin: t.shares.isinCode, data: t.shareDistributions.data })
    .from(t.shareDistributions)
    .innerJoin(t.shares, eq(t.shares.id, t.shareDistributions.shareId))
    .where(inArray(t.shares.isinCode, isins));
  return Object.fromEntries(rows.map((r) => [r.isin, r.data]));
}

describe('an EMT from a third party', () => {
  it('with three mistakes is refused: each named by its line and its field code', () => {
    const result = readFindatexCsv(fixture('emt-third-party-3-errors.csv'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.params.field, e.params.problem, e.params.value])).toEqual([
      [2, '07100_Financial_Instrument_Gross_Ongoing_Costs', 'not-a-number', '1,95'],
      [3, '01010_Investor_Type_Retail', 'not-in-list', 'Yes'],
      [4, '07160_Ex_Ante_Costs_Reference_Date', 'not-a-date', '01/10/2026'],
    ]);
  });

  it('fixed, is one proposal; approval writes the file’s values and keeps the PRIIPs answers; the same file again changes nothing', async () => {
    const db = await getDb();
    const rows = read('emt-third-party.csv') as EmtLine[];
    const isins = rows.map((r) => r.isin);
    const before = await distributionOf(isins);
    expect(Object.keys(before).sort()).toEqual([...isins].sort());

    const preview = await previewFindatexImport(db, rows);
    if (!preview.ok) throw new Error(JSON.stringify(preview.errors));
    expect(preview).toMatchObject({ template: 'emt', rows: 3, changed: 3, unchanged: 0 });
    expect(preview.lines.map((l) => [l.line, l.isin, l.status])).toEqual(rows.map((r) => [r.line, r.isin, 'changed']));
    expect(preview.lines[0]?.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['01000_Target_Market_Reference_Date', '05040_Return_Profile_Hedging', '07130_Financial_Instrument_Transaction_Costs_Ex_Ante', '07160_Ex_Ante_Costs_Reference_Date']),
    );

    const proposed = await saveChange(db, 'import.findatex', input('emt-third-party.csv', rows), people.editor, { note: 'EMT du prestataire', areas: ['funds'] });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    const proposals = await db.select({ id: t.proposedChange.id }).from(t.proposedChange).where(and(eq(t.proposedChange.kind, 'import.findatex'), eq(t.proposedChange.status, 'pending'), eq(t.proposedChange.authorId, people.editor.id)));
    expect(proposals.map((p) => p.id)).toEqual([proposed.id]);
    expect(await distributionOf(isins)).toEqual(before);

    expect(await approveChange(db, proposed.id, people.editor)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });
    expect(await proposalById(db, proposed.id)).toMatchObject({ status: 'published' });

    const after = await distributionOf(isins);
    for (const row of rows) {
      const stored = after[row.isin];
      expect(stored).toEqual({ ...before[row.isin], ...row.parts });
      expect(stored?.priips).toEqual(before[row.isin]?.priips);
      expect(stored?.targetMarketDate).toBe('2026-10-01');
      expect(stored?.targetMarket.returnProfile.hedging).toBe('N');
    }
    // The import its editor's approved proposal wrote (its author's id), not another file's.
    const audits = await db.select().from(t.auditLog).where(and(eq(t.auditLog.entity, 'share_distribution'), eq(t.auditLog.action, 'import'), eq(t.auditLog.actorId, people.editor.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorLabel).toContain(people.editor.label);

    // The same file again: nothing to propose, nothing to write.
    expect(await saveChange(db, 'import.findatex', input('emt-third-party.csv', rows), people.editor, { areas: ['funds'] })).toEqual({ mode: 'unchanged' });
    expect(await previewFindatexImport(db, rows)).toMatchObject({ ok: true, changed: 0, unchanged: 3 });
    expect(await commitFindatexImport(db, rows, { type: 'system', label: run })).toMatchObject({ ok: true, written: 0 });
    expect(await distributionOf(isins)).toEqual(after);
  });

  it('naming a share class the site does not have is refused at its line', async () => {
    const db = await getDb();
    const rows = read('emt-third-party.csv');
    const unknown = rows.map((r, i) => (i === 1 ? { ...r, isin: 'FR0010135103' } : r));
    expect(await previewFindatexImport(db, unknown)).toEqual({
      ok: false,
      errors: [expect.objectContaining({ line: 3, code: 'findatex-field', params: { field: ISIN, problem: 'unknown-isin', value: 'FR0010135103' } })],
    });
  });
});

describe('an EET from a third party', () => {
  async function sustainability() {
    const db = await getDb();
    const [row] = await db
      .select({ pai: t.fundSustainability.paiConsidered, risk: t.fundSustainability.sustainabilityRiskRelevant, precontractual: t.fundSustainability.precontractual })
      .from(t.fundSustainability)
      .innerJoin(t.funds, eq(t.funds.id, t.fundSustainability.fundId))
      .where(eq(t.funds.slug, 'aurore-actions-europe'));
    return row;
  }

  it('imports its fund’s answers as one proposal; approved, the fund holds them; the same file again is unchanged', async () => {
    const db = await getDb();
    const rows = read('eet-third-party.csv');
    expect(rows.length).toBeGreaterThan(1);
    const before = await sustainability();
    expect(before?.precontractual?.planned.sustainable).toBe(0.3);

    const preview = await previewFindatexImport(db, rows);
    if (!preview.ok) throw new Error(JSON.stringify(preview.errors));
    expect(preview).toMatchObject({ template: 'eet', rows: rows.length, changed: rows.length, unchanged: 0 });
    expect(preview.lines[0]?.changes.map((c) => c.field)).toContain('20420_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments');

    const proposed = await saveChange(db, 'import.findatex', input('eet-third-party.csv', rows), people.editor, { areas: ['funds'] });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    expect(await sustainability()).toEqual(before);
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });

    const after = await sustainability();
    expect(after?.pai).toBe(true);
    expect(after?.precontractual?.art8).toEqual({ sustainableInvestments: true, minSustainable: 0.35, taxonomy: false, environmentalNotTaxonomy: true, social: true });
    expect(after?.precontractual?.planned).toMatchObject({ date: '2026-10-01', esCharacteristics: 0.9, sustainable: 0.35, otherEs: 0.55, environmental: 0.2, social: 0.15 });

    expect(await saveChange(db, 'import.findatex', input('eet-third-party.csv', rows), people.editor, { areas: ['funds'] })).toEqual({ mode: 'unchanged' });
    // Without approval, the same file publishes nothing new either.
    expect(await saveChange(db, 'import.findatex', input('eet-third-party.csv', rows), people.editor, { areas: [] })).toMatchObject({ mode: 'published', changed: false });
    expect(await sustainability()).toEqual(after);
  });

  it('refuses share classes of one fund that disagree, and a fund of another SFDR article', async () => {
    const db = await getDb();
    const rows = read('eet-third-party.csv');
    const [first, second] = rows as [Extract<FindatexLine, { template: 'eet' }>, Extract<FindatexLine, { template: 'eet' }>];
    const disagreeing = [first, { ...second, answers: { ...second.answers, paiConsidered: false } }];
    expect(await previewFindatexImport(db, disagreeing)).toMatchObject({ ok: false, errors: [{ line: second.line, params: { field: '20000_Financial_Instrument_Identifying_Data', problem: 'fund-disagrees' } }] });
    const article9 = [{ ...first, article: '9' }];
    expect(await previewFindatexImport(db, article9)).toMatchObject({ ok: false, errors: [{ line: first.line, params: { field: '20040_Financial_Instrument_SFDR_Product_Type', problem: 'article-differs', value: '9' } }] });
  });
});

describe('bounds', () => {
  const text = fixture('emt-third-party.csv');
  const line = `${text.split('\r\n')[1] ?? ''}\r\n`;

  it('refuses a file over 5 MB before reading a line', () => {
    const big = text + line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(readFindatexCsv(big)).toMatchObject({ ok: false, errors: [{ line: 1, code: 'file-too-large', params: { mb: 5 } }] });
  });

  it('refuses a file of more than 5,000 lines, at the first line beyond', () => {
    const long = text + line.repeat(5_000);
    expect(long.length).toBeLessThan(5 * 1024 * 1024);
    expect(readFindatexCsv(long)).toMatchObject({ ok: false, errors: [{ line: 5_002, code: 'too-many-rows', params: { max: 5_000 } }] });
  });
});
