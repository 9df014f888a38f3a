/**
 * A second app process for tests/integration/clock.int.test.ts: it runs the clock exactly as a
 * server does (src/instrumentation.ts: the clock, re-read after each publication it hears) and
 * prints, as JSON lines, whether one cell of the registration matrix is registered in its own fund
 * catalog, each time that answer changes (the catalog is kept in memory: only a publication
 * changes it). Run with tsx --conditions=react-server and DATABASE_URL (and CACHE_PURGE_URL) set;
 * stops when its standard input closes.
 */
import { registrationKey } from '../../src/domain/registrations/audience';
import { openPostgres } from '../../src/server/db/client';
import { setDatabaseForTests } from '../../src/server/db/index';
import { listenForChanges } from '../../src/server/publish/listener';
import { applyChangeLocally } from '../../src/server/publish/publish';
import { rawCatalog } from '../../src/server/funds/catalog';
import { rearmClock, startClock, stopClock } from '../../src/server/clock/schedule';

const url = process.env.DATABASE_URL;
const [shareId, country, profile] = process.argv.slice(2);
if (!url || !shareId || !country || !profile) throw new Error('usage: DATABASE_URL=… tsx --conditions=react-server tests/support/clock-process.ts SHARE_ID COUNTRY PROFILE');

const database = await openPostgres(url);
setDatabaseForTests(database);
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const registered = async () => (await rawCatalog(database.db)).registered.has(registrationKey(Number(shareId), country, profile));

const listener = listenForChanges(`${url}${url.includes('?') ? '&' : '?'}application_name=fundhouse-test-clock`, {
  origin: 'test-clock-process',
  onChange: (scope) => {
    applyChangeLocally(scope);
    rearmClock();
  },
  log: (message) => process.stderr.write(`${message}\n`),
});
await listener.ready;
let last = await registered();
await startClock();
print({ ready: true, registered: last });
const poll = setInterval(() => {
  void registered().then((now) => {
    if (now !== last) print({ registered: now });
    last = now;
  });
}, 100);

process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(poll);
  void stopClock()
    .then(() => listener.close())
    .then(() => database.close())
    .then(() => process.exit(0));
});
