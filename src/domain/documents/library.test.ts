import { describe, expect, it } from 'vitest';
import {
  LIBRARY_PAGE_SIZE,
  archiveStart,
  archivedDocumentPath,
  dateBounds,
  filterLibrary,
  libraryPageCount,
  librarySearch,
  offeredLibraryDocuments,
  parseLibraryQuery,
  parseVersionId,
  sortLibrary,
  type LibraryDocument,
  type LibraryFacets,
} from './library';
import type { DocumentRef } from '../model';

const facets: LibraryFacets = {
  funds: [
    { slug: 'aurore-x', title: 'Aurore Actions Europe', shares: [{ isinCode: 'FR0000000001', name: 'C EUR' }, { isinCode: 'FR0000000002', name: 'I EUR' }] },
    { slug: 'aurore-y', title: 'Aurore Crédit', shares: [{ isinCode: 'LU0000000003', name: 'R USD' }] },
  ],
  types: [
    { code: 'PROSPECTUS', title: 'Prospectus' },
    { code: 'KIID', title: 'KID' },
  ],
  languages: ['fr', 'en', 'es'],
};

const doc = (over: Partial<LibraryDocument>): LibraryDocument => ({
  fundSlug: 'aurore-x',
  isinCode: null,
  code: 'PROSPECTUS',
  locale: 'fr',
  publishedAt: '2026-11-20',
  size: 1000,
  url: `/u/${Math.random()}`,
  supersededAt: null,
  tagged: null,
  ...over,
});

describe('parseLibraryQuery', () => {
  it('keeps the values the form offers', () => {
    const q = parseLibraryQuery(
      { fund: 'aurore-x', share: 'fr0000000002', type: 'KIID', language: 'es', month: '2026-11', from: '2026-01-01', to: '2026-12-31', q: '  Actions   europe ', archive: '1', page: '3' },
      facets,
    );
    expect(q).toEqual({ fund: 'aurore-x', share: 'FR0000000002', type: 'KIID', language: 'es', month: '2026-11', from: '2026-01-01', to: '2026-12-31', q: 'Actions europe', archive: true, page: 3 });
  });

  it('ignores anything else, whatever its size or shape', () => {
    const q = parseLibraryQuery(
      { fund: 'nope', share: 'LU0000000003', type: 'NEWS_DOCUMENT', language: 'de', month: '2026-13', from: '2026-02-30', to: '12026-01-01', q: 'x'.repeat(10_000), archive: 'yes', page: '10000' },
      { ...facets },
    );
    expect(q).toMatchObject({ fund: null, share: 'LU0000000003', type: null, language: null, month: null, from: null, to: null, archive: false, page: 1 });
    expect(q.q.length).toBe(80);
    expect(parseLibraryQuery({ fund: 'aurore-x', share: 'LU0000000003' }, facets).share).toBeNull();
    expect(parseLibraryQuery({ page: ['2', '5'], fund: ['aurore-y', 'aurore-x'] }, facets)).toMatchObject({ page: 2, fund: 'aurore-y' });
    for (const page of ['0', '-1', '1.5', '1e3', ' ', '00']) expect(parseLibraryQuery({ page }, facets).page).toBe(1);
  });

  it('swaps from and to given the wrong way round', () => {
    expect(parseLibraryQuery({ from: '2026-12-01', to: '2026-01-01' }, facets)).toMatchObject({ from: '2026-01-01', to: '2026-12-01' });
  });

  it('round-trips through librarySearch (the shareable URL), without empty values nor page 1', () => {
    const q = parseLibraryQuery({ fund: 'aurore-x', type: 'KIID', language: 'es', page: '1' }, facets);
    expect(librarySearch(q)).toBe('fund=aurore-x&type=KIID&language=es');
    expect(parseLibraryQuery(Object.fromEntries(new URLSearchParams(librarySearch({ ...q, page: 2, archive: true }))), facets)).toEqual({ ...q, page: 2, archive: true });
  });
});

describe('filterLibrary', () => {
  const rows = [
    doc({ url: 'a' }),
    doc({ url: 'b', isinCode: 'FR0000000001', code: 'KIID', locale: 'es', publishedAt: '2026-12-01' }),
    doc({ url: 'c', isinCode: 'FR0000000002', code: 'KIID', locale: 'es' }),
    doc({ url: 'd', fundSlug: 'aurore-y', locale: 'en', publishedAt: '2025-02-28' }),
    doc({ url: 'e', fundSlug: 'aurore-y', isinCode: 'LU0000000003', code: 'KIID' }),
    doc({ url: 'z', fundSlug: 'hidden' }),
  ];
  const run = (search: Record<string, string>) => filterLibrary(rows, parseLibraryQuery(search, facets), facets).map((r) => r.url);

  it('never lists a fund the facets do not hold', () => expect(run({})).toEqual(['a', 'b', 'c', 'd', 'e']));
  it('by fund, class, type and language', () => {
    expect(run({ fund: 'aurore-y' })).toEqual(['d', 'e']);
    expect(run({ share: 'FR0000000001' })).toEqual(['b']);
    expect(run({ type: 'KIID', language: 'es', fund: 'aurore-x' })).toEqual(['b', 'c']);
  });
  it('by month (its real last day) and dates', () => {
    expect(run({ month: '2025-02' })).toEqual(['d']);
    expect(run({ month: '2026-12' })).toEqual(['b']);
    expect(run({ from: '2026-11-21' })).toEqual(['b']);
    expect(run({ to: '2025-12-31' })).toEqual(['d']);
    expect(dateBounds(parseLibraryQuery({ month: '2024-02' }, facets))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(dateBounds(parseLibraryQuery({ month: '2026-06', from: '2026-06-10' }, facets))).toEqual({ from: '2026-06-10', to: '2026-06-30' });
  });
  it('by words of the fund or class name, accents and case aside', () => {
    expect(run({ q: 'credit' })).toEqual(['d', 'e']);
    expect(run({ q: 'CRÉDIT usd' })).toEqual(['e']);
  });
  it('by ISIN: the class and its fund, not the other classes', () => {
    expect(run({ q: 'fr0000000001' })).toEqual(['a', 'b']);
    expect(run({ q: 'FR000000000' })).toEqual(['a', 'b', 'c']);
  });
});

describe('sortLibrary and paging', () => {
  it('puts the newest first, then the fund order, the fund before its classes, type and language', () => {
    const rows = [
      doc({ url: '1', fundSlug: 'aurore-y' }),
      doc({ url: '2', isinCode: 'FR0000000001', code: 'KIID' }),
      doc({ url: '3', locale: 'en' }),
      doc({ url: '4' }),
      doc({ url: '5', publishedAt: '2026-12-01', fundSlug: 'aurore-y' }),
    ];
    expect(sortLibrary(rows, facets).map((r) => r.url)).toEqual(['5', '4', '3', '2', '1']);
  });
  it('counts pages', () => {
    expect(libraryPageCount(0)).toBe(1);
    expect(libraryPageCount(LIBRARY_PAGE_SIZE)).toBe(1);
    expect(libraryPageCount(LIBRARY_PAGE_SIZE + 1)).toBe(2);
  });
});

describe('offeredLibraryDocuments', () => {
  const ref = (code: 'PROSPECTUS' | 'KIID' | 'NEWS_DOCUMENT', locale: 'fr' | 'es', url: string): DocumentRef => ({
    documentType: { code, title: code },
    title: code,
    fileName: 'f.pdf',
    size: 10,
    locale,
    publishedAt: '2026-11-20',
    url,
    tagged: code === 'KIID',
  });
  it("keeps the pages' documents in their own language, at the pages' address, never the news type", () => {
    const rows = offeredLibraryDocuments({
      locale: 'es',
      types: [
        { code: 'PROSPECTUS', title: 'Folleto' },
        { code: 'KIID', title: 'DFI' },
        { code: 'NEWS_DOCUMENT', title: 'Doc' },
      ],
      funds: [
        {
          slug: 'aurore-x',
          documents: [ref('PROSPECTUS', 'fr', '/e/es/docs/funds/aurore-x/PROSPECTUS'), ref('NEWS_DOCUMENT', 'es', '/n')],
          shares: [{ name: 'C', isinCode: 'FR0000000001', url: '/s', documents: [ref('KIID', 'es', '/e/es/docs/funds/aurore-x/FR0000000001/KIID')] }],
        },
      ],
    });
    expect(rows).toEqual([
      { fundSlug: 'aurore-x', isinCode: 'FR0000000001', code: 'KIID', locale: 'es', publishedAt: '2026-11-20', size: 10, url: '/e/es/docs/funds/aurore-x/FR0000000001/KIID', supersededAt: null, tagged: true },
    ]);
  });
});

describe('archived versions', () => {
  it('have a stable address per version', () => {
    expect(archivedDocumentPath('es', 'aurore-x', 'FR0000000001', 'KIID', 42)).toBe('/e/es/docs/funds/aurore-x/FR0000000001/KIID/v/42');
    expect(archivedDocumentPath('fr', 'aurore-x', null, 'PROSPECTUS', 7)).toBe('/e/fr/docs/funds/aurore-x/PROSPECTUS/v/7');
  });
  it('read only plain 32-bit ids', () => {
    expect(parseVersionId('42')).toBe(42);
    for (const raw of [undefined, '', '0', '042', '-1', '1e3', '4294967296', '2147483648', '1.0']) expect(parseVersionId(raw)).toBeNull();
    expect(parseVersionId('2147483647')).toBe(2_147_483_647);
  });
  it('start the window the given number of years back', () => {
    expect(archiveStart('2026-11-26', 10)).toBe('2016-11-26');
    expect(archiveStart('2028-02-29', 1)).toBe('2027-02-28');
  });
});
