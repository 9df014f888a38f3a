import 'server-only';
import { Context, Query } from 'mingo';
import type { AnyObject } from 'mingo/types';

import { $contains } from './contains-operator';
import { checkWhereShape, type WhereProblem } from './where-check';
import type { WhereQuery } from './types';

/**
 * Private context carrying `$contains`. mingo's default entry point merges it into a *new*
 * context per query (Context.from), so the library-wide operator set used by other code is untouched.
 */
const CONTENT_CONTEXT = Context.init({ query: { $contains } });

/** Thrown by compileWhere for a filter that checkWhere would reject. */
export class InvalidWhereError extends Error {
  constructor(readonly problem: WhereProblem) {
    super(`where${problem.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')}: ${problem.message}`);
    this.name = 'InvalidWhereError';
  }
}

function buildQuery(where: WhereQuery): Query {
  // scriptEnabled: false is a second lock behind the allow-list: mingo refuses $where/$function/$accumulator.
  return new Query(where, { context: CONTENT_CONTEXT, scriptEnabled: false });
}

type Compiled = { readonly query: Query; readonly problem?: never } | { readonly query?: never; readonly problem: WhereProblem };

/** Shape check, then mingo's own compilation, so anything mingo would refuse is caught up front. */
function compile(where: unknown): Compiled {
  const shapeProblem = checkWhereShape(where);
  if (shapeProblem) return { problem: shapeProblem };
  try {
    return { query: buildQuery(where as WhereQuery) };
  } catch (error) {
    return { problem: { path: [], message: error instanceof Error ? error.message : 'is not a valid filter' } };
  }
}

/** Problem with `where` (reported as a 400 by the schema), or null when it can be run. */
export function checkWhere(where: unknown): WhereProblem | null {
  return compile(where).problem ?? null;
}

/** Predicate for `where`; validates again so callers that skip the schema get the same guarantees. */
export function compileWhere(where: WhereQuery): (doc: Readonly<Record<string, unknown>>) => boolean {
  const { query, problem } = compile(where);
  if (!query) throw new InvalidWhereError(problem);
  return (doc) => query.test(doc as AnyObject);
}
