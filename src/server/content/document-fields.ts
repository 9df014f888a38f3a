import 'server-only';
import { lastSegment, normalizeContentPath, parentDir } from './content-path';
import type { ContentDocument } from './types';

/** A document whose `path` is canonical and whose `dir` and `slug` agree with it. */
export type LocatedDocument = ContentDocument & { readonly dir: string; readonly slug: string };

/**
 * Copy of `doc` with canonical `path` and derived `dir`/`slug` (as Nuxt Content generates them),
 * so directory matching, `where: { slug }` and `surround` never depend on hand-kept fields.
 * Returns null for a document whose path is unusable. Never mutates `doc`.
 */
export function locateDocument(doc: ContentDocument): LocatedDocument | null {
  const path = normalizeContentPath(doc.path);
  if (path === null) return null;
  return { ...doc, path, dir: parentDir(path), slug: lastSegment(path) };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Value at a dotted path, walking own properties only so that names such as `__proto__`
 * or `constructor` can never reach Object.prototype.
 */
export function readField(doc: Readonly<Record<string, unknown>>, field: string): unknown {
  let current: unknown = doc;
  for (const key of field.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** Shallow copy with only the listed top-level keys (Nuxt `only`). */
export function pickFields(doc: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  // Object.fromEntries defines own properties, so a key named `__proto__` stays plain data.
  return Object.fromEntries(keys.filter((key) => Object.hasOwn(doc, key)).map((key) => [key, doc[key]]));
}

/** Shallow copy without the listed top-level keys (Nuxt `without`). */
export function omitFields(doc: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  const dropped = new Set(keys);
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !dropped.has(key)));
}
