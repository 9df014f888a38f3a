/**
 * Documents dropped in bulk on the imports screen (docs/back-office.md, Imports): each PDF's share
 * class ISIN, document type and language are read from its file name, `FR0000000000_KIID_fr.pdf`,
 * and the batch is bounded. Pure: the server checks the ISINs against the catalogue and the bytes of
 * each file as a single upload does.
 */
import { DOCUMENT_TYPES } from '../catalog';
import { luhnCheckDigitValid } from '../funds/isin';
import { SUPPORTED_LOCALES, type Locale } from '../language/locale';
import { MAX_DOCUMENT_BYTES } from './file';

/** A batch: at most 50 files, each and all together within one upload's limit (the server action's body is bounded the same). */
export const BULK_DOCUMENT_LIMITS = { maxFiles: 50, maxFileBytes: MAX_DOCUMENT_BYTES, maxBatchBytes: MAX_DOCUMENT_BYTES } as const;

/** The types a share class's document may have here: a news item's and a fund event's notice have their own screens. */
export const BULK_DOCUMENT_TYPES = DOCUMENT_TYPES.filter((code) => code !== 'NEWS_DOCUMENT' && code !== 'FUND_NOTICE');
export type BulkDocumentType = (typeof BULK_DOCUMENT_TYPES)[number];

/** What a file name may call a type, upper-cased with `-` and spaces as `_`, beside the codes themselves. */
const TYPE_ALIASES: Record<string, BulkDocumentType> = {
  KID: 'KIID',
  KIDS: 'KIID',
  PRIIPS_KID: 'KIID',
  PRIIPS: 'KIID',
  DIC: 'KIID',
  DICI: 'KIID',
  DFI: 'KIID',
  PROSPECTUS: 'PROSPECTUS',
  PROSPECTO: 'PROSPECTUS',
  ANNUAL: 'ANNUAL_REPORT',
  AR: 'ANNUAL_REPORT',
  RAPPORT_ANNUEL: 'ANNUAL_REPORT',
  INFORME_ANUAL: 'ANNUAL_REPORT',
  SEMI_ANNUAL: 'SEMI_ANNUAL_REPORT',
  SAR: 'SEMI_ANNUAL_REPORT',
  RAPPORT_SEMESTRIEL: 'SEMI_ANNUAL_REPORT',
  INFORME_SEMESTRAL: 'SEMI_ANNUAL_REPORT',
  MONTHLY: 'MONTHLY_REPORT',
  REPORTING: 'MONTHLY_REPORT',
  WEEKLY: 'WEEKLY_REPORT',
  ESG_MONTHLY: 'ESG_MONTHLY_REPORT',
  SFDR_PRE: 'SFDR_PRECONTRACTUAL',
  SFDR_ANNEX_II: 'SFDR_PRECONTRACTUAL',
  SFDR_ANNEX_IV: 'SFDR_PERIODIC',
  FACT_SHEET: 'FACTSHEET',
};

/** The document type a file name's middle part names, or null. */
export function documentTypeOf(word: string): BulkDocumentType | null {
  const key = word.trim().toUpperCase().replace(/[\s-]+/g, '_');
  if ((BULK_DOCUMENT_TYPES as readonly string[]).includes(key)) return key as BulkDocumentType;
  return TYPE_ALIASES[key] ?? null;
}

export type FileNameProblem = 'not-pdf-name' | 'no-isin' | 'bad-isin' | 'unknown-type' | 'no-language';

/** What a file name says: whatever could be read (to prefill the row staff correct) and why the rest could not. */
export type FileNameReading = {
  isin: string | null;
  typeCode: BulkDocumentType | null;
  locale: Locale | null;
  problems: FileNameProblem[];
};

const LANGUAGE_ALIASES: Record<string, Locale> = { FR: 'fr', FRA: 'fr', FRE: 'fr', EN: 'en', ENG: 'en', GB: 'en', ES: 'es', SPA: 'es' };

/**
 * Reads `ISIN_TYPE_language.pdf`: the ISIN first (its check digit checked), the language last (fr,
 * en, es, or FRA, ENG, SPA), the type in between, underscores or hyphens between the parts
 * (`FR0000000000_PRIIPS_KID_fr.pdf`, `FR0000000000-annual-report-en.PDF`). A path is reduced to its
 * last segment.
 */
export function readDocumentFileName(name: string): FileNameReading {
  const base = (name.split(/[\\/]/).pop() ?? '').trim();
  const problems: FileNameProblem[] = [];
  const match = /^(.*)\.pdf$/i.exec(base);
  if (!match) problems.push('not-pdf-name');
  const stem = match ? (match[1] ?? '') : base.replace(/\.[a-z0-9]{1,5}$/i, '');
  const parts = stem.split(/[_\-\s]+/).filter((p) => p !== '');
  const first = (parts[0] ?? '').toUpperCase();
  let isin: string | null = null;
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(first)) problems.push('no-isin');
  else if (!luhnCheckDigitValid(first)) problems.push('bad-isin');
  else isin = first;
  const rest = parts.slice(1);
  const last = rest.length > 1 ? (rest[rest.length - 1] ?? '') : '';
  const locale = LANGUAGE_ALIASES[last.toUpperCase()] ?? null;
  if (!locale) problems.push('no-language');
  // Without a language, the last part may be an unknown one (`_de`) after the type, or the type's end.
  const candidates = locale ? [rest.slice(0, -1)] : [rest.slice(0, -1), rest];
  const typeCode = candidates.map((words) => (words.length > 0 ? documentTypeOf(words.join('_')) : null)).find((code) => code !== null) ?? null;
  if (!typeCode) problems.push('unknown-type');
  return { isin, typeCode, locale: locale && (SUPPORTED_LOCALES as readonly string[]).includes(locale) ? locale : null, problems };
}

/** What one file of a batch is said to be, as staff confirmed or corrected it. */
export type BulkDocumentItem = { fileName: string; isin: string; typeCode: string; locale: string; size: number; sha256: string };

export type BatchProblem = 'no-files' | 'too-many-files' | 'batch-too-large' | 'file-too-large' | 'duplicate-slot';

/**
 * The bounds of a batch, before any byte is read: the number of files, each file's size and their
 * sum; two files for the same share class, type and language are one too many.
 */
export function batchProblems(items: readonly Pick<BulkDocumentItem, 'isin' | 'typeCode' | 'locale' | 'size'>[], limits = BULK_DOCUMENT_LIMITS): { problem: BatchProblem; index?: number }[] {
  if (items.length === 0) return [{ problem: 'no-files' }];
  if (items.length > limits.maxFiles) return [{ problem: 'too-many-files' }];
  const problems: { problem: BatchProblem; index?: number }[] = [];
  if (items.reduce((sum, i) => sum + i.size, 0) > limits.maxBatchBytes) problems.push({ problem: 'batch-too-large' });
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item.size > limits.maxFileBytes) problems.push({ problem: 'file-too-large', index });
    const slot = `${item.isin.trim().toUpperCase()}|${item.typeCode}|${item.locale}`;
    if (seen.has(slot)) problems.push({ problem: 'duplicate-slot', index });
    seen.add(slot);
  });
  return problems;
}

/**
 * A batch's files kept as one attachment of its proposal: their bytes one after the other, each
 * item giving its size. `splitBundle` gives them back, or null when the sizes do not add up.
 */
export function bundleFiles(files: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(files.reduce((n, f) => n + f.byteLength, 0));
  let offset = 0;
  for (const f of files) {
    out.set(f, offset);
    offset += f.byteLength;
  }
  return out;
}

export function splitBundle(bundle: Uint8Array, sizes: readonly number[]): Uint8Array[] | null {
  if (sizes.some((s) => !Number.isInteger(s) || s < 0) || sizes.reduce((n, s) => n + s, 0) !== bundle.byteLength) return null;
  const files: Uint8Array[] = [];
  let offset = 0;
  for (const size of sizes) {
    files.push(bundle.slice(offset, offset + size));
    offset += size;
  }
  return files;
}
