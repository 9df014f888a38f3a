import 'server-only';
/**
 * Structural validation of a `where` filter before it reaches mingo.
 *
 * Why an allow-list rather than "everything mingo knows": mingo also ships `$where`, `$function`
 * and `$accumulator` (which run code) and `$expr`, whose expression language can allocate without
 * bound (`$range`, `$reduce`, …). The public endpoint only needs the LokiJS-like operators Nuxt
 * Content v1 offered, so anything else is rejected with a readable 400 instead of a 500 or worse.
 *
 * `$regex` is refused too: a visitor's pattern runs on the one JavaScript thread, and a pattern such
 * as `^(.*?)*X$` backtracks for ever (no cap on its length prevents that). `$contains` and `search`
 * cover what the site's own pages ask for (docs/decisions/010).
 *
 * Every part of a filter is bounded (depth, number of values, list and string lengths), so the work
 * of one filter on one document is bounded too; query.ts bounds the number of documents and time.
 */

export type WherePath = readonly (string | number)[];

export interface WhereProblem {
  /** Location inside `where` (e.g. `['category', '$in']`); the caller prefixes `where`. */
  readonly path: WherePath;
  readonly message: string;
}

/** Nesting beyond this is not a realistic filter and would only let a body exhaust the stack. */
export const MAX_WHERE_DEPTH = 16;
/** Keys, values and list items of a whole filter: each one is work mingo repeats on every document. */
export const MAX_WHERE_NODES = 200;
/** Items of one list (`$in`, `$nin`, `$all`, `$and`, `$or`, …). */
export const MAX_WHERE_LIST = 100;
/** Characters of one string value, e.g. the needle of `$contains`. */
export const MAX_WHERE_STRING = 1000;
/** Characters of one key (a field path). */
export const MAX_WHERE_KEY = 200;

export const CODE_OPERATORS: ReadonlySet<string> = new Set(['$where', '$function', '$accumulator']);
/** Operators that take a regular expression: refused, see the comment at the top. */
export const REGEX_OPERATORS: ReadonlySet<string> = new Set(['$regex', '$options']);
/** Names that reach Object.prototype in code that walks paths naively: never a document field. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const LOGICAL_OPERATORS: ReadonlySet<string> = new Set(['$and', '$or', '$nor']);

type OperandCheck = (operand: unknown, path: WherePath) => WhereProblem | null;

const ok = null;
const problem = (path: WherePath, message: string): WhereProblem => ({ path, message });

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isOperatorKey = (key: string): boolean => key.startsWith('$');

/* ---------- pass 1: JSON-only values, bounded size and depth, no code-running operator anywhere ---------- */

/** Values seen so far by one scan: the whole filter counts against MAX_WHERE_NODES. */
type Scan = { nodes: number };

function scanScalar(value: unknown, path: WherePath): WhereProblem | null {
  if (typeof value === 'string') return value.length <= MAX_WHERE_STRING ? ok : problem(path, `must be at most ${MAX_WHERE_STRING} characters`);
  if (value === null || typeof value === 'boolean') return ok;
  if (typeof value === 'number' && Number.isFinite(value)) return ok;
  return problem(path, 'must contain only JSON values');
}

function scanKey(key: string, path: WherePath): WhereProblem | null {
  if (CODE_OPERATORS.has(key)) return problem(path, 'executes code and is not allowed');
  if (REGEX_OPERATORS.has(key)) return problem(path, 'is not supported: regular expressions are refused (use $contains or search)');
  if (key.length > MAX_WHERE_KEY) return problem(path, `must be a name of at most ${MAX_WHERE_KEY} characters`);
  // mingo refuses `__proto__` at evaluation time; refusing these here turns a 500 into a 400.
  if (key.split('.').some((segment) => RESERVED_NAMES.has(segment))) return problem(path, 'is not a valid field name');
  return ok;
}

function scanObject(value: Readonly<Record<string, unknown>>, path: WherePath, depth: number, scan: Scan): WhereProblem | null {
  for (const [key, child] of Object.entries(value)) {
    const found = scanKey(key, [...path, key]) ?? scanJson(child, [...path, key], depth + 1, scan);
    if (found) return found;
  }
  return ok;
}

function scanJson(value: unknown, path: WherePath, depth: number, scan: Scan): WhereProblem | null {
  scan.nodes += 1;
  if (scan.nodes > MAX_WHERE_NODES) return problem(path, `makes the filter too large (at most ${MAX_WHERE_NODES} keys and values in all)`);
  if (depth > MAX_WHERE_DEPTH) return problem(path, `is nested too deeply (at most ${MAX_WHERE_DEPTH} levels)`);
  if (Array.isArray(value)) {
    if (value.length > MAX_WHERE_LIST) return problem(path, `must have at most ${MAX_WHERE_LIST} items`);
    for (const [index, item] of value.entries()) {
      const found = scanJson(item, [...path, index], depth + 1, scan);
      if (found) return found;
    }
    return ok;
  }
  if (isPlainObject(value)) return scanObject(value, path, depth, scan);
  return scanScalar(value, path);
}

/* ---------- pass 2: operator shapes ---------- */

const anyValue: OperandCheck = () => ok;

const arrayOperand: OperandCheck = (operand, path) => (Array.isArray(operand) ? ok : problem(path, 'must be an array'));

const booleanOperand: OperandCheck = (operand, path) => (typeof operand === 'boolean' ? ok : problem(path, 'must be a boolean'));

const sizeOperand: OperandCheck = (operand, path) =>
  typeof operand === 'number' && Number.isInteger(operand) && operand >= 0 ? ok : problem(path, 'must be a non-negative integer');

const typeName = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number';
const typeOperand: OperandCheck = (operand, path) => {
  const names = Array.isArray(operand) ? operand : [operand];
  return names.length > 0 && names.every(typeName) ? ok : problem(path, 'must be a type name or a list of type names');
};

const notOperand: OperandCheck = (operand, path) =>
  isPlainObject(operand) && Object.keys(operand).length > 0
    ? checkOperatorObject(operand, path)
    : problem(path, 'must be a non-empty object of operators');

const elemMatchOperand: OperandCheck = (operand, path) => {
  if (!isPlainObject(operand)) return problem(path, 'must be an object');
  const keys = Object.keys(operand);
  // Same rule as mingo: only field-level operators means "conditions on the element itself".
  const onElement = keys.length > 0 && keys.every((key) => isOperatorKey(key) && !LOGICAL_OPERATORS.has(key));
  return onElement ? checkOperatorObject(operand, path) : checkCondition(operand, path);
};

const FIELD_OPERATORS: ReadonlyMap<string, OperandCheck> = new Map([
  ['$eq', anyValue],
  ['$ne', anyValue],
  ['$gt', anyValue],
  ['$gte', anyValue],
  ['$lt', anyValue],
  ['$lte', anyValue],
  ['$in', arrayOperand],
  ['$nin', arrayOperand],
  ['$all', arrayOperand],
  ['$contains', anyValue],
  ['$exists', booleanOperand],
  ['$size', sizeOperand],
  ['$type', typeOperand],
  ['$not', notOperand],
  ['$elemMatch', elemMatchOperand],
]);

const ALLOWED_LIST = [...LOGICAL_OPERATORS, ...FIELD_OPERATORS.keys()].join(', ');

function unsupported(path: WherePath): WhereProblem {
  return problem(path, `is not a supported operator (allowed: ${ALLOWED_LIST})`);
}

function checkOperatorObject(operators: Readonly<Record<string, unknown>>, path: WherePath): WhereProblem | null {
  for (const [key, operand] of Object.entries(operators)) {
    if (!isOperatorKey(key)) return problem([...path, key], 'field names cannot be mixed with operators');
    const check = FIELD_OPERATORS.get(key);
    if (!check) return unsupported([...path, key]);
    const found = check(operand, [...path, key]);
    if (found) return found;
  }
  return ok;
}

function checkFieldName(field: string, path: WherePath): WhereProblem | null {
  // Reserved names were refused by pass 1; an empty segment (`a..b`, `.a`) names nothing.
  return field.split('.').includes('') ? problem(path, 'is not a valid field name') : ok;
}

function checkFieldValue(value: unknown, path: WherePath): WhereProblem | null {
  const isOperatorObject = isPlainObject(value) && Object.keys(value).some(isOperatorKey);
  return isOperatorObject ? checkOperatorObject(value, path) : ok; // anything else is a literal to compare with
}

function checkLogical(operand: unknown, path: WherePath): WhereProblem | null {
  if (!Array.isArray(operand) || operand.length === 0) return problem(path, 'must be a non-empty array of conditions');
  for (const [index, condition] of operand.entries()) {
    const found = checkCondition(condition, [...path, index]);
    if (found) return found;
  }
  return ok;
}

function checkConditionEntry(key: string, value: unknown, path: WherePath): WhereProblem | null {
  if (LOGICAL_OPERATORS.has(key)) return checkLogical(value, path);
  if (FIELD_OPERATORS.has(key)) return problem(path, `must be applied to a field, e.g. { "title": { "${key}": … } }`);
  if (isOperatorKey(key)) return unsupported(path);
  return checkFieldName(key, path) ?? checkFieldValue(value, path);
}

function checkCondition(condition: unknown, path: WherePath): WhereProblem | null {
  if (!isPlainObject(condition)) return problem(path, 'must be an object');
  for (const [key, value] of Object.entries(condition)) {
    const found = checkConditionEntry(key, value, [...path, key]);
    if (found) return found;
  }
  return ok;
}

/** First problem found in `where`, or null when it is safe to hand to mingo. */
export function checkWhereShape(where: unknown): WhereProblem | null {
  if (!isPlainObject(where)) return problem([], 'must be an object');
  return scanJson(where, [], 0, { nodes: 0 }) ?? checkCondition(where, []);
}

/** Keys, values and list items of a filter that passed checkWhereShape: its cost on each document. */
export function whereSize(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + whereSize(item), 1);
  if (isPlainObject(value)) return Object.values(value).reduce((sum: number, child) => sum + whereSize(child), 1);
  return 1;
}
