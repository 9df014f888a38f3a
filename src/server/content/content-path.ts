import 'server-only';
/** Content path helpers: every path is compared in one canonical form, `/a/b` (root is `/`). */

export const ROOT_PATH = '/';

/**
 * Canonical form of a content path: leading slash, no trailing or doubled slashes.
 * Returns null for `.` or `..` segments: they never name content and would only serve
 * attempts to escape a directory, so callers answer 404.
 */
export function normalizeContentPath(raw: string): string | null {
  const segments = raw.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  return ROOT_PATH + segments.join('/');
}

/** Directory of a canonical path: `/fr/news/x` → `/fr/news`, `/about` → `/`. */
export function parentDir(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? ROOT_PATH : path.slice(0, cut);
}

/** Last segment of a canonical path: `/fr/news/x` → `x`. */
export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** True when `path` lies somewhere below `dir` (at any depth). */
export function isBelow(path: string, dir: string): boolean {
  if (dir === ROOT_PATH) return path !== ROOT_PATH;
  return path.startsWith(`${dir}/`);
}
