import 'server-only';
/**
 * Pure evaluation of a content query (docs/product.md §7) over an in-memory list of documents,
 * following Nuxt Content v1 `$content(path, { deep, text })…fetch()` semantics. No I/O.
 */
import { isBelow, normalizeContentPath } from './content-path';
import { locateDocument, omitFields, pickFields, type LocatedDocument } from './document-fields';
import { sortDocuments } from './sort-documents';
import { createSearchFilter } from './text-search';
import type { ContentDocument, ContentQuery, ContentQueryResult, SurroundSpec } from './types';
import { whereSize } from './where-check';
import { compileWhere } from './where-filter';
import { createWorkBudget, QueryBudgetExceededError, type WorkBudget } from './work-budget';

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

/** `where` then `search`, both evaluated on the whole document (before any projection), within `budget`. */
function buildFilter(query: ContentQuery, budget: WorkBudget): DocFilter {
  const matchesWhere = query.where ? compileWhere(query.where) : () => true;
  const matchesSearch = query.search ? createSearchFilter(query.search, budget) : () => true;
  const whereCost = query.where ? whereSize(query.where) : 0;
  return (doc) => {
    budget.spend(1 + whereCost);
    return matchesWhere(doc) && matchesSearch(doc);
  };
}

/** Comparisons of a sort, roughly: n·log2(n) per key. */
function sortCost(count: number, keys: number): number {
  return keys === 0 ? 0 : count * Math.ceil(Math.log2(count + 1)) * keys;
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

function listDirectory(docs: readonly LocatedDocument[], dir: string, query: ContentQuery, budget: WorkBudget): ContentQueryResult {
  const matching = inDirectory(docs, dir, query.deep ?? false).filter(buildFilter(query, budget));
  budget.spend(sortCost(matching.length, query.sortBy?.length ?? 0));
  const sorted = sortDocuments(matching, query.sortBy ?? []);
  // surround works on the whole ordered list: skip/limit would only hide the neighbours.
  if (query.surround) {
    const neighbours = surroundOf(sorted, query.surround);
    return { status: 200, body: neighbours.map((doc) => (doc ? project(doc, query) : null)) };
  }
  return { status: 200, body: paginate(sorted, query).map((doc) => project(doc, query)) };
}

/** A single document still honours where/search (a non-match is "not found") and projection. */
function readDocument(doc: LocatedDocument, query: ContentQuery, budget: WorkBudget): ContentQueryResult {
  if (!buildFilter(query, budget)(doc)) return notFound(`${doc.path} not found`);
  return { status: 200, body: project(doc, query) };
}

/**
 * Runs `query` against `docs` for the content `path`.
 * - directory (some document below it; `/` always) → 200 with an array, even when empty;
 *   a directory wins over a document with the same path, as in Nuxt (file-system stat);
 * - document path → 200 with that document (sortBy/skip/limit/surround ignored);
 * - anything else, or a path with `.`/`..` segments → 404 `{ message }`.
 * - a query that needs more than `budget` (work-budget.ts; 200 ms by default) → 422 `{ message }`.
 * `docs` and its documents are never mutated; results are shallow copies.
 * Throws InvalidWhereError only if `where` bypassed parseContentQuery and is invalid.
 */
export function runContentQuery(
  docs: readonly ContentDocument[],
  path: string,
  query: ContentQuery,
  budget: WorkBudget = createWorkBudget(),
): ContentQueryResult {
  const target = normalizeContentPath(path);
  if (target === null) return notFound('content not found');
  const located = locateAll(docs);
  try {
    if (isDirectory(located, target)) return listDirectory(located, target, query, budget);
    const doc = located.find((candidate) => candidate.path === target);
    return doc ? readDocument(doc, query, budget) : notFound(`${target} not found`);
  } catch (error) {
    if (error instanceof QueryBudgetExceededError) return { status: 422, body: { message: error.message } };
    throw error;
  }
}
