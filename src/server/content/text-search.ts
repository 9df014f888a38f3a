import 'server-only';
import { readField } from './document-fields';
import type { SearchSpec } from './types';
import { UNLIMITED_BUDGET, type WorkBudget } from './work-budget';

/**
 * Fields always searched when `search` has no `value` (with Nuxt's fullTextSearchFields in mind),
 * plus `text`, the plain source of the body. The body itself is searched only when a document has
 * no `text`, because a rendered (HTML) body would otherwise match its own tag and attribute names.
 */
export const FULL_TEXT_FIELDS: readonly string[] = ['title', 'description'];

/** Structured bodies (Markdown ASTs) are walked this deep at most: enough for real content. */
const MAX_BODY_DEPTH = 32;
/** Budget units per word searched in each KiB of a document's text (see work-budget.ts). */
const SEARCHED_BYTES_PER_UNIT = 1024;

// Ligatures are not split by Unicode decomposition, yet French readers type "coeur" for "cœur".
const LIGATURES: Readonly<Record<string, string>> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };

/** Lower-case, accent-free form used on both sides of a comparison ("Électricité" → "electricite"). */
export function foldText(value: string): string {
  return value
    .replace(/[œŒæÆß]/g, (letter) => LIGATURES[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Every string (and number) inside a value, so structured bodies are searchable too. */
function collectText(value: unknown, depth: number, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'number') into.push(String(value));
  else if (depth >= MAX_BODY_DEPTH || typeof value !== 'object' || value === null) return;
  else for (const child of Object.values(value)) collectText(child, depth + 1, into);
}

const stripTags = (value: string): string => value.replace(/<[^>]*>/g, ' ');

function textOf(value: unknown): string[] {
  const parts: string[] = [];
  collectText(value, 0, parts);
  return parts;
}

function fullText(doc: Readonly<Record<string, unknown>>): string {
  const text = readField(doc, 'text');
  const content = typeof text === 'string' ? [text] : textOf(readField(doc, 'body')).map(stripTags);
  return [...FULL_TEXT_FIELDS.flatMap((field) => textOf(readField(doc, field))), ...content].join('\n');
}

/**
 * Predicate for `search`. Every word of the searched text must occur (as a substring, case- and
 * accent-insensitively) in the fields: Nuxt's "operator: and" without its fuzzy scoring.
 * Blank search text filters nothing, like Nuxt's `if (!query) return this`.
 * Each document's text is charged to `budget` before it is searched.
 */
export function createSearchFilter(spec: SearchSpec, budget: WorkBudget = UNLIMITED_BUDGET): (doc: Readonly<Record<string, unknown>>) => boolean {
  const field = spec.value === undefined ? null : spec.query;
  const terms = foldText(spec.value ?? spec.query)
    .split(/\s+/)
    .filter((term) => term !== '');
  if (terms.length === 0) return () => true;
  return (doc) => {
    const text = field === null ? fullText(doc) : textOf(readField(doc, field)).join('\n');
    budget.spend((terms.length + 1) * (1 + Math.floor(text.length / SEARCHED_BYTES_PER_UNIT)));
    const haystack = foldText(text);
    return terms.every((term) => haystack.includes(term));
  };
}
