import 'server-only';
import { readField } from './document-fields';
import type { SortKey } from './types';

/**
 * One collator for every request: locale-neutral so results do not depend on the server's locale,
 * and accent-aware so "Énergie" sorts among the E's rather than after "Z" as code points would.
 * ISO-8601 date strings of one shape still sort chronologically under it.
 */
const COLLATOR = new Intl.Collator('und', { sensitivity: 'variant' });

/** Order between types, following MongoDB: missing/null first, then numbers, strings, objects, booleans, dates. */
function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 4;
  if (value instanceof Date) return 5;
  return 3;
}

/** Ascending comparison of two field values; values of one type compare naturally. */
export function compareValues(left: unknown, right: unknown): number {
  const rankDifference = typeRank(left) - typeRank(right);
  if (rankDifference !== 0) return rankDifference;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'string' && typeof right === 'string') return COLLATOR.compare(left, right);
  if (typeof left === 'boolean' && typeof right === 'boolean') return Number(left) - Number(right);
  if (left instanceof Date && right instanceof Date) return left.getTime() - right.getTime();
  return 0; // null vs undefined, or two objects: keep their current order
}

function compareByKeys(keys: readonly SortKey[]) {
  return (left: Readonly<Record<string, unknown>>, right: Readonly<Record<string, unknown>>): number => {
    for (const { field, direction } of keys) {
      const order = compareValues(readField(left, field), readField(right, field));
      if (order !== 0) return direction === 'desc' ? -order : order;
    }
    return 0;
  };
}

/** New array sorted by the keys in priority order; ties keep input order (toSorted is stable). */
export function sortDocuments<T extends Readonly<Record<string, unknown>>>(docs: readonly T[], keys: readonly SortKey[]): T[] {
  return keys.length === 0 ? [...docs] : docs.toSorted(compareByKeys(keys));
}
