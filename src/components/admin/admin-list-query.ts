/** The query-string side of AdminList (admin-list.tsx), pure. */
export type Query = Record<string, string | string[] | undefined>;

/** The key of `query[name]` when `messages` has it as its own key, else nothing (no prototype key, no array). */
export function flashed(query: Query, name: 'done' | 'error', messages: Record<string, string> | undefined): string | undefined {
  const key = query[name];
  return typeof key === 'string' && messages && Object.hasOwn(messages, key) ? messages[key] : undefined;
}

/** The list's address with its filters' non-empty values and `page`. */
export function pageHref(path: string, fields: readonly { name: string; value?: string }[], page: number): string {
  const params = new URLSearchParams(fields.filter((f) => f.value).map((f) => [f.name, f.value as string]));
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}
