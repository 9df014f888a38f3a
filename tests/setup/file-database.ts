import { randomBytes } from 'node:crypto';

/**
 * On PostgreSQL each integration file gets a database of its own, copied from the migrated and
 * seeded template that the global setup made (DATABASE_URL's database): `{name}_f{8 hex}`.
 * PostgreSQL limits a name to 63 bytes; the template's name is the test cluster's own (short).
 */
export function fileDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname}_f${randomBytes(4).toString('hex')}`;
  return parsed.toString();
}

/** The maintenance database of the cluster DATABASE_URL names: copies are made and dropped from there. */
export function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** A database name is a quoted identifier here: only the names made above are ever used. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`unexpected database name ${JSON.stringify(name)}`);
  return `"${name}"`;
}
