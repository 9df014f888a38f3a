import { describe, expect, it } from 'vitest';
import { APPROVAL_AREAS, canonicalJson, diffByLanguage, mayReview, parseApprovalAreas, proposedFileName } from './approval';

describe('approval policy', () => {
  it('requires approval everywhere by default, nowhere when empty', () => {
    expect(parseApprovalAreas(undefined)).toEqual({ ok: true, areas: [...APPROVAL_AREAS] });
    expect(parseApprovalAreas('')).toEqual({ ok: true, areas: [] });
    expect(parseApprovalAreas(' ,  ')).toEqual({ ok: true, areas: [] });
    expect(parseApprovalAreas('Pages, documents,pages')).toEqual({ ok: true, areas: ['pages', 'documents'] });
  });

  it('refuses an unknown area with a readable message', () => {
    const read = parseApprovalAreas('pages,navs');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain('"navs"');
  });

  it('never lets an author review their own change', () => {
    expect(mayReview({ authorId: 'a' }, 'a')).toBe(false);
    expect(mayReview({ authorId: 'a' }, 'b')).toBe(true);
    expect(mayReview({ authorId: null }, 'b')).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('ignores key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });
});

describe('diffByLanguage', () => {
  it('puts each language’s changed texts side by side, and unlocalized values under all', () => {
    const before = { title: { fr: 'Mentions', en: 'Notices', es: 'Avisos' }, components: [{ code: 'body', texts: [{ code: 'p1', content: { fr: 'a', es: 'uno' } }] }], fee: 1.5 };
    const after = { title: { fr: 'Mentions', en: 'Notices', es: 'Avisos legales' }, components: [{ code: 'body', texts: [{ code: 'p1', content: { fr: 'a', es: 'dos' } }] }], fee: 1.2 };
    const diff = diffByLanguage(before, after);
    expect(diff.fr).toEqual([]);
    expect(diff.en).toEqual([]);
    expect(diff.es).toEqual([
      { field: 'title', before: 'Avisos', after: 'Avisos legales' },
      { field: 'components/body.texts/p1.content', before: 'uno', after: 'dos' },
    ]);
    expect(diff.all).toEqual([{ field: 'fee', before: '1.5', after: '1.2' }]);
  });

  it('shows a value that appears or disappears', () => {
    expect(diffByLanguage({ a: 1 }, { b: 2 }).all).toEqual([
      { field: 'a', before: '1', after: '' },
      { field: 'b', before: '', after: '2' },
    ]);
  });
});

describe('proposedFileName', () => {
  it('names a document by its input, a new event by its notice, and anything else document.pdf', () => {
    expect(proposedFileName({ fileName: 'kid-fr.pdf', notice: { fileName: 'other.pdf' } })).toBe('kid-fr.pdf');
    expect(proposedFileName({ fundId: 3, notice: { fileName: 'avis-suspension.pdf' } })).toBe('avis-suspension.pdf');
    expect(proposedFileName({ notice: null })).toBe('document.pdf');
    expect(proposedFileName({ fileName: 42, notice: { fileName: ['x'] } })).toBe('document.pdf');
  });
});
