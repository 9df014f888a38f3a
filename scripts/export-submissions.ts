/**
 * `npm run export:submissions -- [--form contact|newsletter|career|subscribe] [--since YYYY-MM-DD]
 * [--until YYYY-MM-DD] [--delimiter ';'] [--out file.csv]`: the visitors' form submissions as CSV
 * (UTF-8 with a byte-order mark, so spreadsheets read accents), with their files' names and the
 * delivery state of their mail. Without --out the CSV goes to standard output.
 * With PGlite, stop the server first: one process per database folder.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CSV_BOM } from '@/domain/csv/write';
import { submissionsCsv } from '@/domain/forms/csv';
import { isFormKind } from '@/domain/forms/definitions';
import { openDatabase } from '@/server/db/client';
import { listSubmissions, type SubmissionFilter } from '@/server/submissions/queries';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { form: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, delimiter: { type: 'string', default: ',' }, out: { type: 'string' } },
});

function day(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    console.error(`--${name} must be a date YYYY-MM-DD, not "${value}"`);
    process.exit(2);
  }
  return new Date(`${value}T00:00:00Z`);
}

if (values.form !== undefined && !isFormKind(values.form)) {
  console.error(`--form must be one of contact, newsletter, career, subscribe, not "${values.form}"`);
  process.exit(2);
}
if (![',', ';', '\t'].includes(values.delimiter)) {
  console.error('--delimiter must be , or ; or a tab');
  process.exit(2);
}
const filter: SubmissionFilter = { since: day(values.since, 'since'), until: day(values.until, 'until') };
if (values.form && isFormKind(values.form)) filter.kind = values.form;

const database = await openDatabase();
try {
  await database.migrate();
  const records = await listSubmissions(database.db, filter);
  const csv = CSV_BOM + submissionsCsv(records, values.delimiter);
  if (values.out) {
    await writeFile(values.out, csv, 'utf8');
    console.info(`${records.length} submission(s) written to ${values.out}`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await database.close();
}
