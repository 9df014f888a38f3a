import type { Locale } from '../../language/locale';
import { CURRENT, VERSIONS, type TemplateKey } from './templates';

/**
 * The FinDatEx files the site serves (docs/distribution-data.md): each template as CSV and XLSX,
 * per share class at /e/{locale}/data/funds/{fund}/{ISIN}/{file} and for the whole range the
 * visitor's audience may see at /e/{locale}/data/findatex/{file}.
 */
export const FINDATEX_TEMPLATES = ['emt', 'ept', 'eet'] as const;
export type FindatexTemplate = (typeof FINDATEX_TEMPLATES)[number];
export const FINDATEX_FORMATS = ['csv', 'xlsx'] as const;
export type FindatexFormat = (typeof FINDATEX_FORMATS)[number];
export type FindatexFile = `${FindatexTemplate}.${FindatexFormat}`;

export const FINDATEX_FILES = FINDATEX_TEMPLATES.flatMap((t) => FINDATEX_FORMATS.map((f) => `${t}.${f}` as FindatexFile));

/** The template and format of a file name, or null for any other name. */
export function parseFindatexFile(value: string): { template: FindatexTemplate; format: FindatexFormat } | null {
  if (!(FINDATEX_FILES as readonly string[]).includes(value)) return null;
  const [template, format] = value.split('.') as [FindatexTemplate, FindatexFormat];
  return { template, format };
}

/** The query-string field of a FinDatEx file: its template's version (`?version=4.2`). */
export const FINDATEX_VERSION_PARAM = 'version';

/**
 * The template version a request asks for with `?version=` (absent: the current one); null for a
 * version the site does not produce. Only the EMT has a previous version (V4.2).
 */
export function findatexVersion(template: FindatexTemplate, requested: string | null): TemplateKey | null {
  if (requested === null || requested === '') return CURRENT[template];
  return (VERSIONS[template] as readonly string[]).includes(requested) ? (`${template}-${requested}` as TemplateKey) : null;
}

export const findatexSharePath = (locale: Locale, fundSlug: string, isin: string, file: FindatexFile) =>
  `/e/${locale}/data/funds/${encodeURIComponent(fundSlug)}/${isin}/${file}`;

export const findatexRangePath = (locale: Locale, file: FindatexFile) => `/e/${locale}/data/findatex/${file}`;

/** The saved file's name: what it holds, the template's version and the day, e.g. FR0013412285-EMT-V4.3-2026-11-28.csv. */
export function findatexFileName(subject: string, template: FindatexTemplate, version: string, format: FindatexFormat, day: string): string {
  return `${subject}-${template.toUpperCase()}-V${version}-${day}.${format}`;
}
