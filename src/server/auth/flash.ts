import 'server-only';

type Query = Record<string, string | string[] | undefined>;

/** The flash key of a redirect (?done= or ?error=), only when it is one the page knows. */
export function flash<K extends string>(query: Query, name: 'done' | 'error', known: readonly K[]): K | null {
  const value = query[name];
  return typeof value === 'string' && (known as readonly string[]).includes(value) ? (value as K) : null;
}

export function queryText(query: Query, name: string): string {
  const value = query[name];
  return typeof value === 'string' ? value : '';
}

/** Dates of the back-office: in the staff member's language, UTC, to the minute. */
export function formatDateTime(locale: string, date: Date | null | undefined): string {
  if (!date) return '';
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}
