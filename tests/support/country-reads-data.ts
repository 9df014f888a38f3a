/**
 * The data of tests/e2e/country-reads.spec.ts, written into its server's PGlite folder before that
 * server starts (`PGLITE_DIR=… npx tsx --conditions=react-server tests/support/country-reads-data.ts
 * --isin {ISIN} --fund {slug}`):
 * - an English KID of the share class {ISIN} restricted to Switzerland, replaced since (an archived
 *   version, docs/decisions/032 and 035);
 * - every share class of the fund {slug} archived (the fund itself stays active).
 * Prints `{ "archivedKidId": … }` on its last line.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { samplePdf } from './sample-documents';

async function main() {
  const { values } = parseArgs({ options: { isin: { type: 'string' }, fund: { type: 'string' } } });
  if (!values.isin || !values.fund) throw new Error('usage: country-reads-data.ts --isin ISIN --fund SLUG');
  const database = await openDatabase();
  try {
    const { db } = database;
    const [share] = await db.select({ id: t.shares.id }).from(t.shares).where(eq(t.shares.isinCode, values.isin));
    if (!share) throw new Error(`no share class ${values.isin} in the seeded database`);
    const data = samplePdf('Swiss KID, superseded');
    const [kid] = await db
      .insert(t.documents)
      .values({
        documentTypeCode: 'KIID',
        shareId: share.id,
        locale: 'en',
        title: 'Swiss KID',
        fileName: 'swiss-kid.pdf',
        mimeType: 'application/pdf',
        size: data.byteLength,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
        publishedAt: '2025-03-03',
        published: true,
        supersededAt: new Date(Date.now() - 200 * 86_400_000),
        countries: ['CH'],
      })
      .returning({ id: t.documents.id });
    const [fund] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, values.fund));
    if (!fund) throw new Error(`no fund ${values.fund} in the seeded database`);
    await db.update(t.shares).set({ active: false }).where(eq(t.shares.fundId, fund.id));
    console.info(JSON.stringify({ archivedKidId: kid?.id }));
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
