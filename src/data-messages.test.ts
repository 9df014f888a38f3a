import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES } from './domain/csv/import';

type Messages = { DataImport: { csv: Record<string, string> } };
const load = (locale: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../messages/data', `${locale}.json`), 'utf8')) as Messages;

describe('import errors in the staff member’s language', () => {
  for (const locale of ['fr', 'en', 'es']) {
    it(`${locale}: every CSV error code is translated, with the values its English message uses`, () => {
      const csv = load(locale).DataImport.csv;
      expect(Object.keys(csv).sort()).toEqual(Object.keys(CSV_MESSAGES).sort());
      for (const [code, english] of Object.entries(CSV_MESSAGES)) {
        const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(csv[code] ?? ''), `${locale}: ${code}`).toEqual(names(english));
      }
    });
  }
});
