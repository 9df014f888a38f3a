import 'server-only';
/**
 * Types of the content-query helper (docs/product.md §7: POST /_content/{path}).
 * The semantics mirror Nuxt Content v1's `$content(path, { deep, text })` query builder.
 */

/**
 * One content document. `path` (e.g. `/fr/news/green-bonds-2026`) is its identity; `dir` and
 * `slug` are derived from it when queried. Every other field (title, description, date,
 * category, body, text, …) is free-form data.
 */
export type ContentDocument = Readonly<Record<string, unknown>> & { readonly path: string };

export type SortDirection = 'asc' | 'desc';

export interface SortKey {
  readonly field: string;
  readonly direction: SortDirection;
}

/** Full-text search (`value` absent) or search of `value` inside the field named `query`. */
export interface SearchSpec {
  readonly query: string;
  readonly value?: string;
}

export interface SurroundSpec {
  /** A value containing `/` is matched against `path`, anything else against `slug` (Nuxt rule). */
  readonly slugOrPath: string;
  /** Neighbours wanted before the reference document; defaults to 1. */
  readonly before?: number;
  /** Neighbours wanted after the reference document; defaults to 1. */
  readonly after?: number;
}

/** MongoDB-style filter evaluated by mingo, restricted to the operators allowed in where-check.ts. */
export type WhereQuery = Readonly<Record<string, unknown>>;

/**
 * A validated request body. Every field is optional so server code can also build queries by hand;
 * absent fields take the Nuxt defaults (not deep, no raw text, no sort, no limit, skip 0).
 */
export interface ContentQuery {
  readonly deep?: boolean;
  readonly text?: boolean;
  readonly only?: readonly string[];
  readonly without?: readonly string[];
  readonly sortBy?: readonly SortKey[];
  readonly where?: WhereQuery;
  readonly search?: SearchSpec;
  readonly surround?: SurroundSpec;
  /** 0 or absent means "no limit" (MongoDB and Nuxt both treat 0 that way). */
  readonly limit?: number;
  readonly skip?: number;
}

export type ContentQueryResult =
  | { readonly status: 200; readonly body: unknown }
  | { readonly status: 404 | 422; readonly body: { readonly message: string } };
