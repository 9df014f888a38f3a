import 'server-only';
/**
 * Validation of the content-query request body (docs/product.md §7). Anything it rejects is a 400 whose
 * message names the field, e.g. "limit: must be an integer between 0 and 1000".
 */
import { z } from 'zod';

import type { ContentQuery, WhereQuery } from './types';
import { RESERVED_NAMES } from './where-check';
import { checkWhere } from './where-filter';

/*
 * Every list and string of a body is bounded, so that the work of a query is bounded before it
 * runs (query.ts then holds it to a work budget as well).
 */
export const MAX_LIMIT = 1000;
/** Beyond any real listing; a larger skip could only be a probe. */
export const MAX_SKIP = 100_000;
/** Neighbours per side for `surround`: a page shows a handful; more is an expensive listing in disguise. */
export const MAX_SURROUND = 100;
/** Names in `only` / `without`. */
export const MAX_FIELD_LIST = 50;
/** Keys of `sortBy`. */
export const MAX_SORT_KEYS = 8;
/** Words of a `search`: each is looked for in every document. */
export const MAX_SEARCH_WORDS = 20;
const MAX_FIELD_NAME_LENGTH = 200;
const MAX_SEARCH_LENGTH = 500;
/** A body with thousands of mistakes gets the first few, not a message as long as the body. */
const MAX_REPORTED_PROBLEMS = 10;

const FIELD_NAME_MESSAGE = `must be a non-empty field name of at most ${MAX_FIELD_NAME_LENGTH} characters`;
const RESERVED_NAME_MESSAGE = `must not name ${[...RESERVED_NAMES].join(', ')}`;
const FIELD_LIST_MESSAGE = 'must be a field name or a list of field names';
const LIMIT_MESSAGE = `must be an integer between 0 and ${MAX_LIMIT}`;
const SKIP_MESSAGE = `must be an integer between 0 and ${MAX_SKIP}`;
const SURROUND_COUNT_MESSAGE = `must be an integer between 0 and ${MAX_SURROUND}`;

const hasReservedSegment = (name: string): boolean => name.split('.').some((segment) => RESERVED_NAMES.has(segment));

const fieldName = z
  .string({ error: FIELD_NAME_MESSAGE })
  .min(1, { error: FIELD_NAME_MESSAGE })
  .max(MAX_FIELD_NAME_LENGTH, { error: FIELD_NAME_MESSAGE })
  .refine((name) => !hasReservedSegment(name), { error: RESERVED_NAME_MESSAGE });

/** `only` / `without`: one name or a list, always handed on as a list. */
const fieldList = z
  .union([fieldName, z.array(fieldName)], { error: FIELD_LIST_MESSAGE })
  .transform((value): readonly string[] => (typeof value === 'string' ? [value] : value))
  .refine((names) => names.length <= MAX_FIELD_LIST, { error: `must list at most ${MAX_FIELD_LIST} field names` });

const boundedInt = (min: number, max: number, message: string) =>
  z.int({ error: message }).min(min, { error: message }).max(max, { error: message });

const sortKey = z.strictObject(
  {
    field: fieldName,
    direction: z.enum(['asc', 'desc'], { error: 'must be "asc" or "desc"' }).default('asc'),
  },
  { error: 'must be an object { field, direction }' },
);

const search = z
  .strictObject(
    {
      query: z.string({ error: 'must be a string' }).max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` }),
      value: z.string({ error: 'must be a string' }).max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` }).optional(),
    },
    { error: 'must be an object { query, value? }' },
  )
  .superRefine((spec, ctx) => {
    // With `value`, `query` names the field to search in (Nuxt's search(field, value)).
    const badField = spec.value !== undefined && (spec.query === '' || spec.query.length > MAX_FIELD_NAME_LENGTH);
    if (badField) ctx.addIssue({ code: 'custom', path: ['query'], message: `${FIELD_NAME_MESSAGE} when value is given` });
    else if (spec.value !== undefined && hasReservedSegment(spec.query)) ctx.addIssue({ code: 'custom', path: ['query'], message: RESERVED_NAME_MESSAGE });
    const words = (spec.value ?? spec.query).split(/\s+/).filter((word) => word !== '').length;
    const searched = spec.value === undefined ? 'query' : 'value';
    if (words > MAX_SEARCH_WORDS) ctx.addIssue({ code: 'custom', path: [searched], message: `must have at most ${MAX_SEARCH_WORDS} words` });
  });

const surround = z
  .strictObject(
    {
      slugOrPath: z
        .string({ error: 'must be a non-empty string' })
        .min(1, { error: 'must be a non-empty string' })
        .max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` }),
      options: z
        .strictObject(
          {
            before: boundedInt(0, MAX_SURROUND, SURROUND_COUNT_MESSAGE).optional(),
            after: boundedInt(0, MAX_SURROUND, SURROUND_COUNT_MESSAGE).optional(),
          },
          { error: 'must be an object { before?, after? }' },
        )
        .optional(),
    },
    { error: 'must be an object { slugOrPath, options? }' },
  )
  .transform(({ slugOrPath, options }) => ({ slugOrPath, before: options?.before ?? 1, after: options?.after ?? 1 }));

const where = z.custom<WhereQuery>().superRefine((value, ctx) => {
  const problem = checkWhere(value);
  if (problem) ctx.addIssue({ code: 'custom', path: [...problem.path], message: problem.message });
});

const BODY_SHAPE = {
  deep: z.boolean({ error: 'must be a boolean' }).optional(),
  text: z.boolean({ error: 'must be a boolean' }).optional(),
  only: fieldList.optional(),
  without: fieldList.optional(),
  sortBy: z
    .array(sortKey, { error: 'must be a list of { field, direction } objects' })
    .max(MAX_SORT_KEYS, { error: `must have at most ${MAX_SORT_KEYS} keys` })
    .optional(),
  where: where.optional(),
  search: search.optional(),
  surround: surround.optional(),
  limit: boundedInt(0, MAX_LIMIT, LIMIT_MESSAGE).optional(),
  skip: boundedInt(0, MAX_SKIP, SKIP_MESSAGE).optional(),
};

export const contentQuerySchema = z.strictObject(BODY_SHAPE, { error: 'must be a JSON object' });

/** Field names accepted by each object of the body, so "unknown field" messages can list them. */
const KNOWN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  body: Object.keys(BODY_SHAPE),
  sortBy: ['field', 'direction'],
  search: ['query', 'value'],
  surround: ['slugOrPath', 'options'],
  options: ['before', 'after'],
};

/** `['sortBy', 0, 'field']` → `sortBy[0].field`; the body itself is `body`. */
function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body';
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

function unknownFieldsMessage(path: readonly PropertyKey[], keys: readonly string[]): string {
  const owner = [...path].reverse().find((key): key is string => typeof key === 'string') ?? 'body';
  const allowed = KNOWN_FIELDS[owner];
  const names = keys.map((key) => `"${key}"`).join(', ');
  return `unknown field${keys.length > 1 ? 's' : ''} ${names}${allowed ? ` (allowed: ${allowed.join(', ')})` : ''}`;
}

function formatIssue(issue: z.core.$ZodIssue): string {
  const message = issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.path, issue.keys) : issue.message;
  return `${formatPath(issue.path)}: ${message}`;
}

export type ParseContentQueryResult = { readonly ok: true; readonly query: ContentQuery } | { readonly ok: false; readonly message: string };

/**
 * Validates a decoded JSON body. `undefined` (an empty POST) is the empty query, as
 * `$content(path).fetch()` without options; `null`, arrays and scalars are rejected.
 */
export function parseContentQuery(body: unknown): ParseContentQueryResult {
  const result = contentQuerySchema.safeParse(body === undefined ? {} : body);
  if (result.success) return { ok: true, query: result.data };
  const messages = [...new Set(result.error.issues.map(formatIssue))];
  const shown = messages.slice(0, MAX_REPORTED_PROBLEMS);
  if (messages.length > shown.length) shown.push(`and ${messages.length - shown.length} more problems`);
  return { ok: false, message: shown.join('; ') };
}
