/**
 * `npm run admin:token -- --name N --scope navs|benchmarks|documents|scenarios|registrations --days D`: creates an
 * import-API token and prints it ONCE (only its hash is stored). Works on a fresh database (it
 * migrates first). With PGlite, stop the server first (one process per folder).
 */
import { parseArgs } from 'node:util';
import { isTokenScope } from '@/domain/staff/roles';
import { createApiToken, MAX_TOKEN_DAYS } from '@/server/auth/tokens';
import { openDatabase } from '@/server/db/client';

function usage(message: string): never {
  console.error(`${message}\nusage: npm run admin:token -- --name "Fund admin feed" --scope navs|benchmarks|documents|scenarios|registrations --days 90`);
  process.exit(2);
}

const { values } = parseArgs({ options: { name: { type: 'string' }, scope: { type: 'string' }, days: { type: 'string' } }, allowPositionals: true });
const name = values.name?.trim();
if (!name || name.length > 100) usage('--name is required (up to 100 characters)');
if (!isTokenScope(values.scope)) usage('--scope must be navs, benchmarks, documents, scenarios, registrations or findatex:read');
const days = Number(values.days ?? '90');
if (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS) usage(`--days must be a whole number from 1 to ${MAX_TOKEN_DAYS}`);

const database = await openDatabase();
try {
  await database.withLock(() => database.migrate());
  const created = await createApiToken(database.db, { name, scope: values.scope, days, createdBy: null }, { type: 'system', label: 'admin:token' });
  console.error(`Token "${name}" (${values.scope}) created, valid until ${created.expiresAt.toISOString()}. It is shown only now:`);
  console.info(created.token);
} finally {
  await database.close();
}
process.exit(0);
