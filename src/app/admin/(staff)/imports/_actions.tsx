'use server';

/**
 * The imports screen's server action: a CSV file of NAVs, benchmarks, portfolios, scenarios,
 * registrations, dividends or a FinDatEx EMT or EET file, previewed then confirmed through the approval door (src/server/approval/door.ts),
 * built with staffAction (same origin, signed in, role).
 */
import { createHash } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { Locale } from '@/env';
import { parseBenchmarkCsv, type BenchmarkRow } from '@/domain/csv/benchmarks';
import type { CsvError } from '@/domain/csv/import';
import { parseNavCsv, type NavRow } from '@/domain/csv/navs';
import { parsePortfolioCsv, type PortfolioRow } from '@/domain/csv/portfolio';
import { parseRegistrationCsv, type RegistrationRow } from '@/domain/csv/registrations';
import { parseScenarioCsv, type ScenarioRow } from '@/domain/csv/scenarios';
import { parseDividendCsv, type DividendRow } from '@/domain/dividends/csv';
import { readFindatexCsv, type FindatexLine, type FindatexProblem } from '@/domain/distribution/findatex/read';
import { field } from '@/domain/forms/form-input';
import type { ChangeKind } from '@/domain/staff/approval';
import { adminTranslator } from '@/i18n/admin';
import { dataTranslator } from '@/i18n/data';
import type { ImportState, ImportKind } from '@/components/admin/import-form';
import type { ChangeInput } from '@/server/approval/commands';
import { saveChange, waitsForApproval } from '@/server/approval/door';
import { staffAction } from '@/server/auth/staff-action';
import { previewBenchmarkImport, type BenchmarkPreview } from '@/server/benchmarks/import';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import { previewNavImport, type NavPreview } from '@/server/navs/import';
import { previewPortfolioImport, type PortfolioPreview } from '@/server/portfolios/import';
import { previewRegistrationImport, type RegistrationPreview } from '@/server/registrations/commands';
import { previewScenarioImport, type ScenarioPreview } from '@/server/scenarios/import';
import { previewFindatexImport, type FindatexPreview } from '@/server/distribution/import';
import { previewCatalogImport, type CatalogPreview } from '@/server/distribution/catalog-import';
import { CATALOG_IMPORT_LIMITS } from '@/domain/distribution/findatex/catalog';
import { previewDividendImport, type DividendPreview } from '@/server/dividends/import';
import { approvalInput, doorAnswer } from '@/app/admin/approval-form';
import { ImportPreview } from './_preview';

function csvMessages(locale: Locale, errors: CsvError[]): { line: number; text: string }[] {
  const d = dataTranslator(locale);
  const t = adminTranslator(locale);
  return errors.map((e) => {
    if (e.code !== 'findatex-field') return { line: e.line, text: d('line', { line: e.line, message: d(`csv.${e.code}`, e.params) }) };
    // A FinDatEx problem: its line, its field code and why, in the staff member's language.
    const { field, value } = e.params;
    const problem = t(`imports.findatex.problems.${String(e.params.problem) as FindatexProblem}`);
    return { line: e.line, text: t(value === '' ? 'imports.findatex.error' : 'imports.findatex.errorValue', { line: e.line, field: String(field), problem, value: String(value) }) };
  });
}

type ImportPreviewData = NavPreview | BenchmarkPreview | PortfolioPreview | ScenarioPreview | RegistrationPreview | FindatexPreview | CatalogPreview | DividendPreview;

/**
 * Each kind's parser, its preview (nothing written) and the change its confirmation makes: one
 * proposal holding the parsed rows under the policy, applied at once without it (the door decides).
 */
type ImportService = {
  parse: (text: string) => { ok: true; rows: unknown[] } | { ok: false; errors: CsvError[] };
  preview: (db: Db, rows: unknown[]) => Promise<ImportPreviewData | { ok: false; errors: CsvError[] }>;
  kind: Extract<ChangeKind, `import.${string}`>;
};

const IMPORTS: Record<ImportKind, ImportService> = {
  navs: { parse: parseNavCsv, preview: (db, rows) => previewNavImport(db, rows as NavRow[]), kind: 'import.navs' },
  benchmarks: { parse: parseBenchmarkCsv, preview: (db, rows) => previewBenchmarkImport(db, rows as BenchmarkRow[]), kind: 'import.benchmarks' },
  portfolios: { parse: parsePortfolioCsv, preview: (db, rows) => previewPortfolioImport(db, rows as PortfolioRow[]), kind: 'import.portfolios' },
  scenarios: { parse: parseScenarioCsv, preview: (db, rows) => previewScenarioImport(db, rows as ScenarioRow[]), kind: 'import.scenarios' },
  registrations: { parse: parseRegistrationCsv, preview: (db, rows) => previewRegistrationImport(db, rows as RegistrationRow[]), kind: 'import.registrations' },
  findatex: { parse: readFindatexCsv, preview: (db, rows) => previewFindatexImport(db, rows as FindatexLine[]), kind: 'import.findatex' },
  catalog: { parse: (text) => readFindatexCsv(text, CATALOG_IMPORT_LIMITS), preview: (db, rows) => previewCatalogImport(db, rows as FindatexLine[]), kind: 'import.catalog' },
  dividends: { parse: parseDividendCsv, preview: (db, rows) => previewDividendImport(db, rows as DividendRow[]), kind: 'import.dividends' },
};

/** The registration matrix is changed by those who may change it, not by the data role's imports. */
const IMPORT_PERMISSION = (kind: unknown) => (kind === 'registrations' ? 'registrations.write' : 'data.import');

const csvImport = z.object({ file: field.file(), intent: field.text(), previewHash: field.text(), ...approvalInput });

/**
 * Preview (nothing written) or confirmation of a CSV file. The preview answers the SHA-256 of the text
 * it read; "Confirm" posts the same file again with that hash, and a different file is refused: what
 * is confirmed is exactly what was previewed, and no uploaded text is kept on the server meanwhile.
 * The confirmation goes through the door: under the policy the file becomes one proposal (its rows
 * and the difference they make), applied when a second person approves it.
 */
export const importAction = staffAction(
  IMPORT_PERMISSION,
  csvImport,
  async (input, ctx, kind: ImportKind, _state: ImportState): Promise<ImportState> => {
    const { staff, t, seq } = ctx;
    if (!Object.hasOwn(IMPORTS, kind)) return { status: 'error', seq };
    const file = input.file;
    if (!file) return { status: 'error', message: t('imports.noFile'), seq };
    const text = await file.text();
    const hash = createHash('sha256').update(text).digest('hex');
    const intent = input.intent === 'commit' ? 'commit' : 'preview';
    if (intent === 'commit' && input.previewHash !== hash) return { status: 'error', message: t('imports.changed'), seq };
    const db = await getDb();
    const rejected = (errors: CsvError[]): ImportState => ({ status: 'error', message: t('imports.rejected', { count: errors.length }), lines: csvMessages(staff.locale, errors), seq });

    const service = IMPORTS[kind];
    const parsed = service.parse(text);
    if (!parsed.ok) return rejected(parsed.errors);

    if (intent === 'preview') {
      const preview = await service.preview(db, parsed.rows);
      if (!preview.ok) return rejected(preview.errors);
      return {
        status: 'ok',
        message: t(waitsForApproval(service.kind) ? 'imports.previewReadyApproval' : 'imports.previewReady', { file: file.name }),
        hash,
        preview: <ImportPreview kind={kind} preview={preview} locale={staff.locale} />,
        seq,
      };
    }
    const change = { rows: parsed.rows, fileName: file.name.slice(0, 200), sha256: hash } as ChangeInput['import.navs'];
    const outcome = await saveChange(db, service.kind, change, staff.actor, { note: input.approvalNote, effectiveAt: input.effectiveAt });
    if (outcome.mode === 'invalid' || outcome.mode === 'failed') return outcome.problems?.lines ? rejected(outcome.problems.lines) : { status: 'error', message: t('data.invalid'), seq };
    if (outcome.mode !== 'published') {
      const answer = doorAnswer(ctx, outcome, { published: () => ({ status: 'ok', seq }) });
      return { status: answer.status, message: answer.message, seq };
    }
    revalidatePath('/admin/funds', 'layout');
    const written = outcome.result.ok ? outcome.result.written : 0;
    return { status: 'ok', message: t('imports.committed', { written }), seq };
  },
);
