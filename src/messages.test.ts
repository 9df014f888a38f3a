import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const load = (locale: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../messages', `${locale}.json`), 'utf8')) as Tree;
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe('messages (STYLE.md §6)', () => {
  const en = load('en');
  for (const locale of ['fr', 'es']) {
    it(`${locale} has exactly the keys of en, each translated`, () => {
      const other = load(locale);
      expect(keys(other).sort()).toEqual(keys(en).sort());
      for (const key of keys(other)) {
        const value = key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part] as Tree | string, other);
        expect(typeof value === 'string' && value.trim().length > 0, `${locale}: ${key}`).toBe(true);
      }
    });
  }
});
