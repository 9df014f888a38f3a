import { describe, expect, it } from 'vitest';
import { isinWithCheckDigit } from '../funds/isin';
import { batchProblems, BULK_DOCUMENT_LIMITS, bundleFiles, documentTypeOf, readDocumentFileName, splitBundle } from './bulk';

const ISIN = isinWithCheckDigit('FR0014009ZZ');
const WRONG = ISIN.slice(0, 11) + String((Number(ISIN.slice(11)) + 1) % 10);

describe('readDocumentFileName', () => {
  it('reads ISIN, type and language from ISIN_TYPE_language.pdf', () => {
    expect(readDocumentFileName(`${ISIN}_KIID_fr.pdf`)).toEqual({ isin: ISIN, typeCode: 'KIID', locale: 'fr', problems: [] });
    expect(readDocumentFileName(`${ISIN}_PROSPECTUS_en.pdf`)).toEqual({ isin: ISIN, typeCode: 'PROSPECTUS', locale: 'en', problems: [] });
  });

  it('reads type codes with underscores, aliases, hyphens, any case and a path', () => {
    expect(readDocumentFileName(`${ISIN}_ANNUAL_REPORT_es.pdf`)).toMatchObject({ typeCode: 'ANNUAL_REPORT', locale: 'es', problems: [] });
    expect(readDocumentFileName(`${ISIN}_PRIIPS_KID_fr.pdf`)).toMatchObject({ typeCode: 'KIID', problems: [] });
    expect(readDocumentFileName(`${ISIN}_KID_EN.PDF`)).toMatchObject({ typeCode: 'KIID', locale: 'en', problems: [] });
    expect(readDocumentFileName(`C:\\docs\\${ISIN.toLowerCase()}-annual-report-fra.pdf`)).toEqual({ isin: ISIN, typeCode: 'ANNUAL_REPORT', locale: 'fr', problems: [] });
    expect(readDocumentFileName(`${ISIN}_SEMI_ANNUAL_REPORT_en.pdf`)).toMatchObject({ typeCode: 'SEMI_ANNUAL_REPORT', problems: [] });
  });

  it('refuses a wrong check digit, keeping what it could read', () => {
    expect(readDocumentFileName(`${WRONG}_KIID_fr.pdf`)).toEqual({ isin: null, typeCode: 'KIID', locale: 'fr', problems: ['bad-isin'] });
  });

  it('names every part it cannot read', () => {
    expect(readDocumentFileName('report.pdf').problems).toEqual(['no-isin', 'no-language', 'unknown-type']);
    expect(readDocumentFileName(`${ISIN}_BROCHURE_fr.pdf`)).toEqual({ isin: ISIN, typeCode: null, locale: 'fr', problems: ['unknown-type'] });
    expect(readDocumentFileName(`${ISIN}_KIID_de.pdf`)).toEqual({ isin: ISIN, typeCode: 'KIID', locale: null, problems: ['no-language'] });
    expect(readDocumentFileName(`${ISIN}_KIID.pdf`)).toEqual({ isin: ISIN, typeCode: 'KIID', locale: null, problems: ['no-language'] });
    expect(readDocumentFileName(`${ISIN}_KIID_fr.docx`).problems).toEqual(['not-pdf-name']);
  });

  it('does not take a news item or an event notice as a share class document', () => {
    expect(documentTypeOf('NEWS_DOCUMENT')).toBeNull();
    expect(documentTypeOf('FUND_NOTICE')).toBeNull();
    expect(documentTypeOf('sfdr-periodic')).toBe('SFDR_PERIODIC');
  });
});

describe('batchProblems', () => {
  const item = (over: Partial<{ isin: string; typeCode: string; locale: string; size: number }> = {}) => ({ isin: ISIN, typeCode: 'KIID', locale: 'fr', size: 1000, ...over });

  it('accepts a batch within the bounds', () => {
    expect(batchProblems([item(), item({ locale: 'en' }), item({ typeCode: 'PROSPECTUS' })])).toEqual([]);
  });

  it('refuses an empty batch, too many files, too many bytes and two files for one slot', () => {
    expect(batchProblems([])).toEqual([{ problem: 'no-files' }]);
    expect(batchProblems(Array.from({ length: BULK_DOCUMENT_LIMITS.maxFiles + 1 }, (_, i) => item({ size: i })))).toEqual([{ problem: 'too-many-files' }]);
    expect(batchProblems([item({ size: BULK_DOCUMENT_LIMITS.maxBatchBytes }), item({ locale: 'en', size: 1 })])).toEqual([{ problem: 'batch-too-large' }]);
    expect(batchProblems([item({ size: BULK_DOCUMENT_LIMITS.maxFileBytes + 1 })])).toEqual([{ problem: 'batch-too-large' }, { problem: 'file-too-large', index: 0 }]);
    expect(batchProblems([item(), item({ isin: ISIN.toLowerCase() })])).toEqual([{ problem: 'duplicate-slot', index: 1 }]);
  });
});

describe('bundleFiles and splitBundle', () => {
  it('gives back the files it joined, and nothing when the sizes do not add up', () => {
    const a = new Uint8Array([1, 2, 3]);
    const b = new Uint8Array([4]);
    const bundle = bundleFiles([a, b, new Uint8Array()]);
    expect(Array.from(bundle)).toEqual([1, 2, 3, 4]);
    expect(splitBundle(bundle, [3, 1, 0])?.map((f) => Array.from(f))).toEqual([[1, 2, 3], [4], []]);
    expect(splitBundle(bundle, [3, 2])).toBeNull();
    expect(splitBundle(bundle, [5, -1])).toBeNull();
  });
});
