import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '@/domain/staff/approval';
import { EDIT_HREF, editHref } from './_view';

/** Every page of the back-office's staff screens, as a pattern of its address ([id] matches one segment). */
function staffRoutes(): RegExp[] {
  const root = path.join(import.meta.dirname, '..');
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name === 'page.tsx') pages.push(path.relative(root, dir));
    }
  };
  walk(root);
  return pages.map((dir) => {
    const segments = dir === '' ? [] : dir.split(path.sep).filter((s) => !/^\(.*\)$/.test(s));
    const pattern = segments.map((s) => (/^\[.+\]$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    return new RegExp(`^/admin${pattern ? `/${pattern}` : ''}$`);
  });
}

// Every field an input of any kind may carry, so each kind's link has what it reads.
const input = { code: 'legal-notices', country: 'LU', fundId: 3, shareId: 7, id: 11, newsId: 12, eventId: 13, documentId: 14, isin: 'LU0000000001' };
const before = { fundId: 3 };

describe('the amend link of every change kind', () => {
  const routes = staffRoutes();

  it.each(CHANGE_KINDS)('%s opens a screen of the back-office', (kind) => {
    const href = editHref(kind, input, before, { fundId: 3, shareId: 7 });
    const address = href.replace(/#.*$/, '');
    expect(routes.some((route) => route.test(address)), `${kind} → ${href}`).toBe(true);
  });

  it('sends no kind but a whole-fund or import one to the funds list when its owner is known', () => {
    const toList = CHANGE_KINDS.filter((kind) => editHref(kind, input, before, { fundId: 3, shareId: 7 }) === '/admin/funds');
    expect(toList).toEqual([]);
  });

  it('opens the screen of the item itself: an article, a fund’s documents, a share class’s NAVs, a registration grid', () => {
    const owner = { fundId: 3, shareId: 7 };
    expect(editHref('news.create', input, before, owner)).toBe('/admin/news/new');
    expect(editHref('registration.grid', input, before, owner)).toBe('/admin/funds/3/registrations');
    expect(editHref('nav.correct', input, before, owner)).toBe('/admin/funds/3/shares/7#nav-title');
    for (const kind of ['document.upload', 'document.publish', 'document.countries', 'document.delete'] as const) {
      expect(editHref(kind, input, before, owner)).toBe('/admin/funds/3#documents-title');
    }
  });

  it('falls back on the funds list when the target is gone or the kind unknown', () => {
    expect(editHref('document.delete', input, before, { fundId: null, shareId: null })).toBe('/admin/funds');
    expect(editHref('nav.correct', input, before, { fundId: null, shareId: null })).toBe('/admin/funds');
    expect(editHref('page.unknown', input, before, { fundId: 3, shareId: 7 })).toBe('/admin/funds');
  });

  it('is declared for every kind: one left out does not compile', () => {
    // @ts-expect-error a kind without its screen is a type error
    const missing: typeof EDIT_HREF = { ...EDIT_HREF, 'news.create': undefined };
    expect(Object.keys(missing)).toHaveLength(CHANGE_KINDS.length);
  });
});
