/** The PostgreSQL database of Vitest worker `poolId`: DATABASE_URL's database name with `_w{poolId}`. */
export function workerDatabaseUrl(url: string, poolId: string): string {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname}_w${poolId}`;
  return parsed.toString();
}
