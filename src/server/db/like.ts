import 'server-only';

/** A text matched literally by LIKE/ILIKE: its `%`, `_` and `\` are escaped (PostgreSQL's default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
