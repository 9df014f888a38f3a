/**
 * The data of tests/e2e/notices.spec.ts, written into its server's PGlite folder before that server
 * starts (`PGLITE_DIR=… npx tsx --conditions=react-server tests/support/notices-data.ts --fund {slug}`):
 * a suspension of every share class of the fund, announced and effective yesterday, open-ended, with
 * its notice PDF in French, English and Spanish. Prints `{ "eventId": … }` on its last line.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@/server/db/client';
import { dayFromToday, insertEvent } from './notices-fixture';
import { SUSPENSION_TITLE } from './notices-texts';

async function main() {
  const { values } = parseArgs({ options: { fund: { type: 'string' } } });
  if (!values.fund) throw new Error('usage: notices-data.ts --fund SLUG');
  const database = await openDatabase();
  try {
    const { eventId } = await insertEvent(database.db, {
      fundSlug: values.fund,
      type: 'suspension',
      title: SUSPENSION_TITLE,
      body: { fr: 'Les ordres reçus sont annulés.', en: 'Orders received are cancelled.', es: 'Las órdenes recibidas se anulan.' },
      announcedOn: dayFromToday(-1),
      effectiveOn: dayFromToday(-1),
      notices: [{ locale: 'fr', title: 'Avis' }, { locale: 'en', title: 'Notice' }, { locale: 'es', title: 'Aviso' }],
    });
    console.info(JSON.stringify({ eventId }));
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
