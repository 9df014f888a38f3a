/**
 * Whether a link points at the page being shown (`exact`) or at the section that contains it.
 * Both sides are site paths such as "/fr/actualites"; a query or hash on the link is ignored.
 * A locale home ("/fr") only matches itself, or every page of the site would be "current".
 */
export function isCurrentPath(pathname: string | null, href: string, { exact = false }: { exact?: boolean } = {}): boolean {
  if (!pathname || !href.startsWith('/')) return false;
  const target = normalize(href.split(/[?#]/)[0] ?? '');
  const current = normalize(pathname);
  if (current === target) return true;
  if (exact || target.split('/').filter(Boolean).length < 2) return false;
  return current.startsWith(`${target}/`);
}

function normalize(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape: compare the raw text.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}
