import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_AREAS } from './i18n/messages';

type Tree = { [key: string]: string | Tree };
const load = (area: string, locale: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../messages', area, `${locale}.json`), 'utf8')) as Tree;
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe('messages: every key in every language', () => {
  // The back-office's texts (src/i18n/admin.ts) are checked like the site's.
  for (const area of [...MESSAGE_AREAS, 'admin']) {
    const en = load(area, 'en');
    for (const locale of ['fr', 'es']) {
      it(`${area}: ${locale} has exactly the keys of en, each translated`, () => {
        const other = load(area, locale);
        expect(keys(other).sort()).toEqual(keys(en).sort());
        for (const key of keys(other)) {
          const value = key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part] as Tree | string, other);
          expect(typeof value === 'string' && value.trim().length > 0, `${locale}: ${key}`).toBe(true);
        }
      });
    }
  }

  it('each namespace belongs to exactly one area', () => {
    const seen = new Map<string, string>();
    for (const area of [...MESSAGE_AREAS, 'admin']) {
      for (const namespace of Object.keys(load(area, 'en'))) {
        expect(seen.get(namespace), `${namespace} in ${area} and ${seen.get(namespace)}`).toBeUndefined();
        seen.set(namespace, area);
      }
    }
  });
});

describe('client namespaces', () => {
  it('each namespace sent to the browser exists', async () => {
    const { CLIENT_NAMESPACES } = await import('./i18n/messages');
    const all = Object.assign({}, ...MESSAGE_AREAS.map((area) => load(area, 'en'))) as Tree;
    for (const ns of CLIENT_NAMESPACES) expect(all[ns], ns).toBeDefined();
  });
});
