import 'server-only';
/**
 * The most work one content query may do. The request schema bounds each part of a query; the
 * budget bounds their product (documents × filter size × searched text) and, as a last resort, the
 * time spent, so that no query holds the server's one JavaScript thread for long. Evaluation calls
 * `spend` between documents: a query over budget stops there and is answered 422.
 */

/** Units are roughly "one filter value tested on one document" or "one KiB of text searched for one word". */
export const DEFAULT_MAX_UNITS = 2_000_000;
/** Wall-clock time of one evaluation, whatever the units say (a loaded machine, a slow document). */
export const DEFAULT_MAX_MS = 200;

export class QueryBudgetExceededError extends Error {
  constructor(
    readonly reason: 'units' | 'time',
    maxMs: number,
  ) {
    super(
      reason === 'units'
        ? 'The query needs more work than one request may do: narrow the path, the filter or the search.'
        : `The query took more than its time budget (${maxMs} ms): narrow the path, the filter or the search.`,
    );
    this.name = 'QueryBudgetExceededError';
  }
}

export interface WorkBudget {
  /** Counts `units` of work about to be done; throws QueryBudgetExceededError once over budget. */
  spend(units: number): void;
}

export interface WorkBudgetOptions {
  readonly maxUnits?: number;
  readonly maxMs?: number;
  /** Milliseconds clock; tests pass their own. */
  readonly now?: () => number;
}

export function createWorkBudget({ maxUnits = DEFAULT_MAX_UNITS, maxMs = DEFAULT_MAX_MS, now = () => performance.now() }: WorkBudgetOptions = {}): WorkBudget {
  const deadline = now() + maxMs;
  let spent = 0;
  return {
    spend(units) {
      spent += units;
      if (spent > maxUnits) throw new QueryBudgetExceededError('units', maxMs);
      if (now() > deadline) throw new QueryBudgetExceededError('time', maxMs);
    },
  };
}

/** A budget that never runs out, for server code evaluating its own queries. */
export const UNLIMITED_BUDGET: WorkBudget = { spend: () => undefined };
