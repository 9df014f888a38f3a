/**
 * Pure evaluation of a content query (SPEC §7) over an in-memory list of documents,
 * following Nuxt Content v1 `$content(path, { deep, text })…fetch()` semantics. No I/O.
 */
import { isBelow, normalizeContentPath } from './content-path';
import { locateDocument, omitFields, pickFields, type LocatedDocument } from './document-fields';
import { sortDocuments } from './sort-documents';
import { createSearchFilter } from './text-search';
import type { ContentDocument, ContentQuery, ContentQueryResult, SurroundSpec } from './types';
import { compileWhere } from './where-filter';

export type { ContentDocument, ContentQuery, ContentQueryResult } from './types';

type DocFilter = (doc: LocatedDocument) => boolean;

const notFound = (message: string): ContentQueryResult => ({ status: 404, body: { message } });

function locateAll(docs: readonly ContentDocument[]): LocatedDocument[] {
  return docs.map(locateDocument).filter((doc): doc is LocatedDocument => doc !== null);
}

/** A path is a directory when some document lies below it; the root always is one. */
function isDirectory(docs: readonly LocatedDocument[], path: string): boolean {
  return path === '/' || docs.some((doc) => isBelow(doc.path, path));
}

function inDirectory(docs: readonly LocatedDocument[], dir: string, deep: boolean): LocatedDocument[] {
  return docs.filter((doc) => (deep ? isBelow(doc.path, dir) : doc.dir === dir));
}

/** `where` then `search`, both evaluated on the whole document (before any projection). */
function buildFilter(query: ContentQuery): DocFilter {
  const matchesWhere = query.where ? compileWhere(query.where) : () => true;
  const matchesSearch = query.search ? createSearchFilter(query.search) : () => true;
  return (doc) => matchesWhere(doc) && matchesSearch(doc);
}

/** text / only / without, in that order: `text` is the raw source and exists only when asked for. */
function project(doc: LocatedDocument, query: ContentQuery): Record<string, unknown> {
  let shaped: Record<string, unknown> = query.text ? { ...doc } : omitFields(doc, ['text']);
  if (query.only) shaped = pickFields(shaped, query.only);
  if (query.without) shaped = omitFields(shaped, query.without);
  return shaped;
}

/** Nuxt rule: a reference containing `/` is a path, anything else a slug. */
function findReference(docs: readonly LocatedDocument[], slugOrPath: string): number {
  if (!slugOrPath.includes('/')) return docs.findIndex((doc) => doc.slug === slugOrPath);
  const path = normalizeContentPath(slugOrPath);
  return path === null ? -1 : docs.findIndex((doc) => doc.path === path);
}

/**
 * Neighbours of the reference document: `before` slots then `after` slots, nearest next to the
 * middle, `null` where the list ends (all `null` when the reference is not in the list).
 */
function surroundOf(docs: readonly LocatedDocument[], spec: SurroundSpec): (LocatedDocument | null)[] {
  const before = spec.before ?? 1;
  const after = spec.after ?? 1;
  const index = findReference(docs, spec.slugOrPath);
  const slots = Array.from({ length: before + after }, (_, slot) => (slot < before ? slot - before : slot - before + 1));
  return slots.map((offset) => (index === -1 ? null : (docs[index + offset] ?? null)));
}

function paginate<T>(docs: readonly T[], query: ContentQuery): T[] {
  const start = Math.max(0, query.skip ?? 0);
  // limit 0 means "no limit", as in MongoDB and in Nuxt's `if (limit)`.
  return query.limit ? docs.slice(start, start + query.limit) : docs.slice(start);
}

function listDirectory(docs: readonly LocatedDocument[], dir: string, query: ContentQuery): ContentQueryResult {
  const matching = inDirectory(docs, dir, query.deep ?? false).filter(buildFilter(query));
  const sorted = sortDocuments(matching, query.sortBy ?? []);
  // surround works on the whole ordered list: skip/limit would only hide the neighbours.
  if (query.surround) {
    const neighbours = surroundOf(sorted, query.surround);
    return { status: 200, body: neighbours.map((doc) => (doc ? project(doc, query) : null)) };
  }
  return { status: 200, body: paginate(sorted, query).map((doc) => project(doc, query)) };
}

/** A single document still honours where/search (a non-match is "not found") and projection. */
function readDocument(doc: LocatedDocument, query: ContentQuery): ContentQueryResult {
  if (!buildFilter(query)(doc)) return notFound(`${doc.path} not found`);
  return { status: 200, body: project(doc, query) };
}

/**
 * Runs `query` against `docs` for the content `path`.
 * - directory (some document below it; `/` always) → 200 with an array, even when empty;
 *   a directory wins over a document with the same path, as in Nuxt (file-system stat);
 * - document path → 200 with that document (sortBy/skip/limit/surround ignored);
 * - anything else, or a path with `.`/`..` segments → 404 `{ message }`.
 * `docs` and its documents are never mutated; results are shallow copies.
 * Throws InvalidWhereError only if `where` bypassed parseContentQuery and is invalid.
 */
export function runContentQuery(docs: readonly ContentDocument[], path: string, query: ContentQuery): ContentQueryResult {
  const target = normalizeContentPath(path);
  if (target === null) return notFound('content not found');
  const located = locateAll(docs);
  if (isDirectory(located, target)) return listDirectory(located, target, query);
  const doc = located.find((candidate) => candidate.path === target);
  return doc ? readDocument(doc, query) : notFound(`${target} not found`);
}
