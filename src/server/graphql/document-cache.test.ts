import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LAYOUT_QUERY } from '@/graphql/operations';
import { createBoundedDocumentCache, documentBytes } from './document-cache';

describe('the parsed-document cache', () => {
  it('estimates a document by its tokens', () => {
    const dense = `{ company(locale: "fr") { ${'title '.repeat(3_980)} } }`;
    expect(documentBytes(parse(dense), dense)).toBeGreaterThan(2_000_000);
    const commented = `{ company(locale: "fr") { title } } #${'x'.repeat(90_000)}`;
    expect(documentBytes(parse(commented), commented)).toBeLessThan(200_000);
  });

  it('keeps the site’s queries, never a document above the entry limit, and stays within its budget', () => {
    const cache = createBoundedDocumentCache(3_000_000, 1_000_000);
    cache.set(LAYOUT_QUERY, parse(LAYOUT_QUERY));
    expect(cache.get(LAYOUT_QUERY)).toBeDefined();
    const dense = `{ company(locale: "fr") { ${'title '.repeat(3_980)} } }`;
    cache.set(dense, parse(dense));
    expect(cache.get(dense)).toBeUndefined();
    for (let i = 0; i < 50; i++) {
      const source = `{ a${i}: company(locale: "fr") { ${'title '.repeat(1_000)} } }`;
      cache.set(source, parse(source));
      expect(cache.calculatedSize).toBeLessThanOrEqual(3_000_000);
    }
    expect(cache.size).toBeLessThan(10);
  });
});
