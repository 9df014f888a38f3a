import 'server-only';
import { badInput } from './context';

/**
 * The limits of the GraphQL API (docs/api.md "Every endpoint"). Every one of them bounds a resource a single
 * request could otherwise exhaust: points of a series (memory, response size), execution time,
 * serialized answer size and the response cache's memory.
 */

/** Points of a series (navHistory, growth) when maxPoints is not given: a year of business days. */
export const SERIES_DEFAULT_POINTS = 260;
/** The most points a series may be asked for: ten years of business days. Above is an error, never truncated silently. */
export const SERIES_MAX_POINTS = 2_600;

/** A series' maxPoints argument, checked: absent means the default, out of range is a BAD_USER_INPUT error. */
export function seriesPoints(value: unknown, min = 2): number {
  if (value === undefined || value === null) return SERIES_DEFAULT_POINTS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > SERIES_MAX_POINTS) {
    throw badInput(`maxPoints must be an integer from ${min} to ${SERIES_MAX_POINTS} (got ${String(value)}).`);
  }
  return value;
}

/** A growth chart needs at least this many points to draw a line. */
export const GROWTH_MIN_POINTS = 10;

/** A serialized answer above this is replaced by an error: no query may make the server build a bigger one. */
export const MAX_RESPONSE_BYTES = 2_000_000;

/** Byte size of each answer measured, so the response cache does not serialize it again. */
const measuredSize = new WeakMap<object, number>();

/** The size of an answer as serialized (measured once per answer object). */
export function byteSize(result: object): number {
  const known = measuredSize.get(result);
  if (known !== undefined) return known;
  const size = Buffer.byteLength(JSON.stringify(result));
  measuredSize.set(result, size);
  return size;
}

/** The response cache keeps at most this many bytes of answers in total… */
export const RESPONSE_CACHE_MAX_BYTES = 16_000_000;
/** …and never an answer above this size (the layout query's answer is far below). */
export const RESPONSE_CACHE_MAX_ENTRY_BYTES = 256_000;
