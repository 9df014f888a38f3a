/**
 * Migration fund_events (0024) on a database seeded before it: the notices' document type is added
 * with the seed's titles, after the existing types, once; an empty database gets nothing (the seed
 * fills it). Run on a PGlite of its own, migrated up to the one before by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { documentTypes } from '../../src/server/db/seed/fixtures/content/reference';

const DIR = path.resolve('src/server/db/migrations');
const files = readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();

async function run(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(DIR, file), 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

async function migratedUpToBefore(): Promise<{ db: PGlite; target: string }> {
  const db = await PGlite.create();
  // Found by name: the number may change when branches are merged.
  const target = files.find((f) => f.endsWith('_fund_events.sql'));
  if (!target) throw new Error('migration fund_events not found');
  for (const file of files.filter((f) => f < target)) await run(db, file);
  return { db, target };
}

describe('migration fund_events', () => {
  it('adds the notices document type, as the seed has it, to a database seeded before', async () => {
    const { db, target } = await migratedUpToBefore();
    try {
      await db.exec(`insert into document_type (code, title, position) values ('PROSPECTUS', '{"fr":"Prospectus"}', 1), ('FACTSHEET', '{"fr":"Fiche"}', 11)`);
      await run(db, target);
      const row = (await db.query<{ title: unknown; position: number }>(`select title, position from document_type where code = 'FUND_NOTICE'`)).rows[0];
      const seeded = documentTypes.find((d) => d.code === 'FUND_NOTICE');
      expect(row?.title).toEqual(seeded?.title);
      expect(row?.position).toBe(12);
    } finally {
      await db.close();
    }
  });

  it('adds nothing to an empty database, which the seed fills', async () => {
    const { db, target } = await migratedUpToBefore();
    try {
      await run(db, target);
      expect((await db.query(`select 1 from document_type`)).rows).toHaveLength(0);
    } finally {
      await db.close();
    }
  });
});
