import { describe, expect, it } from 'vitest';
import { FINDATEX_FILES, findatexFileName, findatexRangePath, findatexSharePath, findatexVersion, parseFindatexFile } from './files';

describe('FinDatEx file names', () => {
  it('knows the three templates in two formats and nothing else', () => {
    expect(FINDATEX_FILES).toEqual(['emt.csv', 'emt.xlsx', 'ept.csv', 'ept.xlsx', 'eet.csv', 'eet.xlsx']);
    expect(parseFindatexFile('ept.xlsx')).toEqual({ template: 'ept', format: 'xlsx' });
    for (const bad of ['emt', 'emt.xls', 'EMT.csv', 'emt.csv.csv', '../emt.csv', 'nav-history.csv']) expect(parseFindatexFile(bad)).toBeNull();
  });

  it('serves the current version by default and the EMT V4.2 on request only', () => {
    expect(findatexVersion('emt', null)).toBe('emt-4.3');
    expect(findatexVersion('emt', '')).toBe('emt-4.3');
    expect(findatexVersion('emt', '4.2')).toBe('emt-4.2');
    expect(findatexVersion('ept', '2.1')).toBe('ept-2.1');
    expect(findatexVersion('eet', null)).toBe('eet-1.1.2');
    for (const bad of ['4.1', '4.2 ', 'V4.2', '1.1.3', '../4.3']) expect(findatexVersion('emt', bad)).toBeNull();
    expect(findatexVersion('ept', '4.2')).toBeNull();
  });

  it('builds the paths and the saved names', () => {
    expect(findatexSharePath('fr', 'actions-europe', 'FR0013412285', 'emt.csv')).toBe('/e/fr/data/funds/actions-europe/FR0013412285/emt.csv');
    expect(findatexRangePath('es', 'eet.xlsx')).toBe('/e/es/data/findatex/eet.xlsx');
    expect(findatexFileName('FR0013412285', 'emt', '4.3', 'csv', '2026-11-28')).toBe('FR0013412285-EMT-V4.3-2026-11-28.csv');
  });
});
