/**
 * The accessibility statement reaches every database: the seed writes it into a new one, migration
 * accessibility_page (0023) into one seeded before the page existed, with the seed's texts and its
 * documents of the content endpoint, after the privacy page as the seed places it; an empty database
 * is left to the seed. The migration is run on a PGlite of its own, migrated up to the one before by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db';
import { buildContentDocuments } from '../../src/server/db/seed/content-documents';
import { page as fixture } from '../../src/server/db/seed/fixtures/content/pages/accessibility';
import { listPagesForStaff, pageSnapshot } from '../../src/server/pages/staff-queries';

const DIR = path.resolve('src/server/db/migrations');
const files = readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();
// Found by name: the number may change when branches are merged.
const target = files.find((f) => f.endsWith('_accessibility_page.sql'));

async function run(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(DIR, file), 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

/** A PGlite migrated up to the migration before the target. */
async function migratedBefore(): Promise<PGlite> {
  if (!target) throw new Error('migration accessibility_page not found');
  const db = await PGlite.create();
  for (const file of files.filter((f) => f < target)) await run(db, file);
  return db;
}

/** The page as the fixture gives it: the components in order, each with its texts in order. */
const expected = {
  title: fixture.title,
  description: fixture.description,
  components: fixture.components.map((c) => ({ code: c.code, texts: c.texts.map((x) => ({ code: x.code, content: x.content })) })),
};

describe('migration accessibility_page', () => {
  it('gives a database seeded before it the statement with the seed’s texts and content documents, after the privacy page', async () => {
    const db = await migratedBefore();
    try {
      await db.exec(`
        insert into page (code, title, description, position) values
          ('home', '{"fr":"Accueil"}', '{"fr":"a"}', 0),
          ('rgpd', '{"fr":"Confidentialité"}', '{"fr":"b"}', 10),
          ('disclaimers', '{"fr":"Avertissements"}', '{"fr":"c"}', 11),
          ('country-FR', '{"fr":"Investisseurs en France"}', '{"fr":"d"}', 12);`);
      await run(db, target ?? '');

      const order = (await db.query<{ code: string }>('select code from page order by position, code')).rows.map((r) => r.code);
      expect(order).toEqual(['home', 'rgpd', 'accessibility', 'disclaimers', 'country-FR']);
      const [row] = (await db.query<{ title: unknown; description: unknown }>(`select title, description from page where code = 'accessibility'`)).rows;
      const components = (await db.query<{ id: number; code: string }>(`select id, code from page_component where page_code = 'accessibility' order by position`)).rows;
      const stored = {
        title: row?.title,
        description: row?.description,
        components: await Promise.all(
          components.map(async (c) => ({
            code: c.code,
            texts: (await db.query<{ code: string; content: unknown }>('select code, content from component_text where component_id = $1 order by position', [c.id])).rows,
          })),
        ),
      };
      expect(stored).toEqual(expected);

      const documents = (await db.query<{ path: string; locale: string; data: unknown }>(`select path, locale, data from content_document order by path`)).rows;
      const seeded = buildContentDocuments().filter((d) => d.path.endsWith('/pages/accessibility'));
      expect(seeded).toHaveLength(3);
      expect(documents).toEqual(seeded.sort((a, b) => a.path.localeCompare(b.path)));
    } finally {
      await db.close();
    }
  });

  it('leaves an empty database to the seed', async () => {
    const db = await migratedBefore();
    try {
      await run(db, target ?? '');
      expect((await db.query('select code from page')).rows).toEqual([]);
      expect((await db.query('select path from content_document')).rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('the seeded accessibility statement', () => {
  it('is a page of the site in the back-office’s list, after the privacy page, with the fixture’s texts', async () => {
    const db = await getDb();
    const list = await listPagesForStaff(db);
    const codes = list.filter((p) => p.country === null).map((p) => p.code);
    expect(codes.indexOf('accessibility')).toBe(codes.indexOf('rgpd') + 1);
    expect(await pageSnapshot(db, 'accessibility')).toEqual(expected);
  });
});
