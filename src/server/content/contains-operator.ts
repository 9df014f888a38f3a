import 'server-only';
import type { AnyObject, Options } from 'mingo/types';
import { isEqual, resolve } from 'mingo/util';

/**
 * One needle against one field value: substring of a string (case-sensitive, as in LokiJS,
 * the engine behind Nuxt Content v1) or an element equal to the needle in an array.
 */
function containsOne(haystack: unknown, needle: unknown): boolean {
  if (typeof haystack === 'string') return typeof needle === 'string' && haystack.includes(needle);
  if (Array.isArray(haystack)) return haystack.some((item) => isEqual(item, needle));
  return false;
}

/**
 * `$contains` query operator (Nuxt Content v1 / LokiJS semantics), which MongoDB and mingo lack.
 * An array operand means "contains every one of these values".
 * Signature follows mingo's query-operator contract: (selector, operand, options) => predicate.
 */
export function $contains(selector: string, operand: unknown, _options: Options): (doc: AnyObject) => boolean {
  const needles: readonly unknown[] = Array.isArray(operand) ? operand : [operand];
  return (doc) => {
    // unwrapArray mirrors mingo's own operators: `authors.name` over an array gives the list of names.
    const value = resolve(doc, selector, { unwrapArray: true });
    return needles.every((needle) => containsOne(value, needle));
  };
}
