/**
 * A second app process for tests/integration/publication-postgres.int.test.ts: it follows the
 * published changes exactly as a server does (src/server/publish/start.ts, without pages to expire)
 * and prints, as JSON lines, each change it hears and the last price of one share in its own fund
 * catalog afterwards. Run with tsx --conditions=react-server and DATABASE_URL set; stops when its
 * standard input closes.
 */
import { openPostgres } from '../../src/server/db/client';
import { listenForChanges } from '../../src/server/publish/listener';
import { applyChangeLocally } from '../../src/server/publish/publish';
import { rawCatalog } from '../../src/server/funds/catalog';

const url = process.env.DATABASE_URL;
const isin = process.argv[2];
if (!url || !isin) throw new Error('usage: DATABASE_URL=… tsx --conditions=react-server tests/support/change-listener.ts ISIN');

const database = await openPostgres(url);
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function lastPrice() {
  const catalog = await rawCatalog(database.db);
  const share = catalog.shares.find((s) => s.isinCode === isin);
  return share ? (catalog.lastPrices.get(share.id) ?? null) : null;
}

// Loaded once: without a notification this process would keep it for its whole safety period.
const initial = await lastPrice();
const listener = listenForChanges(`${url}${url.includes('?') ? '&' : '?'}application_name=fundhouse-test-listener`, {
  origin: 'test-listener-process',
  onChange: (scope) => {
    applyChangeLocally(scope);
    void lastPrice().then((price) => print({ scope, lastPrice: price }));
  },
  log: (message) => process.stderr.write(`${message}\n`),
});
await listener.ready;
print({ ready: true, lastPrice: initial });

process.stdin.resume();
process.stdin.on('end', () => {
  void listener.close().then(() => database.close()).then(() => process.exit(0));
});
