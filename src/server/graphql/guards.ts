import 'server-only';
import type { ExecutionArgs, ExecutionResult, GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { getDb } from '@/server/db';
import { rawCatalog } from '@/server/funds/catalog';
import { queryCost, type CatalogBounds } from './cost';
import { byteSize } from './limits';

/**
 * The guards run around execution, where the variables are known (the cost of navHistory(maxPoints: $n)
 * depends on them, and yoga's validation cache is keyed by the document alone):
 * - the cost of the operation, with the catalog's real sizes, is checked before any resolver runs;
 * - execution stops at a deadline (the executor checks an AbortSignal between fields);
 * - an answer whose serialized size is above the cap is replaced by an error, and is not cached.
 * Each refusal is a GraphQL error with its HTTP status (yoga answers with the highest one), and so
 * is a document that fails validation.
 */

const maxOf = (counts: Map<unknown, number>) => Math.max(0, ...counts.values());
function countBy<T>(rows: T[], key: (row: T) => unknown): Map<unknown, number> {
  const counts = new Map<unknown, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/** The catalog's sizes, from the catalog the resolvers read (cached in memory, reloaded when it changes). */
export async function catalogBounds(): Promise<CatalogBounds> {
  const catalog = await rawCatalog(await getDb());
  return {
    categories: catalog.categories.length,
    fundsPerCategory: maxOf(countBy(catalog.funds, (f) => f.categoryCode)),
    funds: catalog.funds.length,
    sharesPerFund: maxOf(countBy(catalog.shares, (s) => s.fundId)),
    documentTypes: catalog.documentTypes.size,
    eligibilitiesPerFund: Math.max(0, ...[...catalog.eligibilities.values()].map((list) => list.length)),
  };
}

const DEADLINE = Symbol('graphql deadline');

/**
 * Once the signal is aborted the executor settles the whole execution and stops listening to the
 * fields still pending: a resolver whose turn comes later rejects (the deadline has passed) with
 * nobody to hear it. Marked handled here, so that it is not an unhandled rejection, which Node
 * treats as a crash; whoever awaits the promise still gets the rejection.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
type DeadlineContext = { [DEADLINE]?: Deadline };

/** Resolvers of one request running at once; the others wait their turn (see Deadline.run). */
export const RESOLVER_CONCURRENCY = 4;

/**
 * When an execution must stop. Its resolvers run through run(): at most RESOLVER_CONCURRENCY at a
 * time, each checking the clock when its turn comes. The executor starts every sibling field at
 * once, and PGlite answers within microtasks (so a timer fires only once all is done): without
 * turns, all the database work of a request would be queued before the first check.
 * Aborting the signal makes the executor resolve no further field.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly at: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(ms: number) {
    this.at = performance.now() + ms;
  }
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  abort(): void {
    if (!this.controller.signal.aborted) this.controller.abort(new Error('GraphQL execution deadline passed.'));
  }
  /** Throws, and aborts the execution, once the deadline has passed. */
  private check(): void {
    if (!this.controller.signal.aborted && performance.now() > this.at) this.abort();
    this.controller.signal.throwIfAborted();
  }
  private release = () => {
    // The turn passes to the next waiting resolver, if any.
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  };
  /** Runs a resolver now (synchronously) when a turn is free, else once one is. */
  run(resolve: () => unknown): unknown {
    if (this.active >= RESOLVER_CONCURRENCY) {
      return handled(new Promise<void>((turn) => this.waiting.push(turn)).then(() => this.start(resolve)));
    }
    this.active += 1;
    return this.start(resolve);
  }
  private start(resolve: () => unknown): unknown {
    let result: unknown;
    try {
      this.check();
      result = resolve();
    } catch (error) {
      this.release();
      throw error;
    }
    if (result instanceof Promise) return handled(result.finally(this.release));
    this.release();
    return result;
  }
}

type Resolver = (parent: unknown, args: unknown, context: DeadlineContext, info: unknown) => unknown;
type ResolverMap = Record<string, Record<string, unknown>>;

/** The resolvers (where all the work is), each run in its turn under the execution's deadline. */
export function withDeadline<T extends ResolverMap>(resolvers: T): T {
  return Object.fromEntries(
    Object.entries(resolvers).map(([type, fields]) => [
      type,
      Object.fromEntries(
        Object.entries(fields).map(([name, resolve]) => [
          name,
          typeof resolve === 'function'
            ? (parent: unknown, args: unknown, context: DeadlineContext, info: unknown) => {
                const deadline = context?.[DEADLINE];
                const call = () => (resolve as Resolver)(parent, args, context, info);
                return deadline ? deadline.run(call) : call();
              }
            : resolve,
        ]),
      ),
    ]),
  ) as T;
}

/** By shape: graphql-armor's errors come from its own copy of graphql, which instanceof would not recognise. */
const isGraphQLError = (error: unknown): error is GraphQLError =>
  error instanceof Error && error.name === 'GraphQLError' && 'extensions' in error;

const refusal = (message: string, code: string, status: number): ExecutionResult => ({
  errors: [createGraphQLError(message, { extensions: { code, http: { status } } })],
});

export type GuardOptions = {
  maxCost: number;
  timeoutMs: number;
  maxResponseBytes: number;
  /** The catalog's sizes; tests pass fixed ones. */
  bounds?: () => Promise<CatalogBounds>;
};

export function graphQLGuardsPlugin(options: GuardOptions): Plugin {
  const bounds = options.bounds ?? catalogBounds;
  return {
    // graphql-armor throws its refusals (depth, aliases, directives): made validation results like any other.
    onValidate({ validateFn, setValidationFn }) {
      setValidationFn((...validation) => {
        try {
          return validateFn(...validation);
        } catch (error) {
          if (isGraphQLError(error)) return [error];
          throw error;
        }
      });
    },
    // A refused document (too many tokens, too deep, too many aliases, invalid) is a 400 even for clients
    // that accept only application/json, to which GraphQL over HTTP would answer 200 (yoga marks those
    // errors "spec"): the same status as the refusals below.
    onResultProcess({ result }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result) return;
      for (const error of result.errors ?? []) {
        const http = (error.extensions as { http?: { spec?: boolean; status?: number } } | undefined)?.http;
        if (http?.spec && http.status === 400) http.spec = false;
      }
    },
    async onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
      const catalog = await bounds();
      let cost: number | null;
      try {
        cost = queryCost(args.schema, args.document, args.operationName, args.variableValues, catalog);
      } catch (error) {
        if (!isGraphQLError(error)) throw error;
        // An out-of-range argument (maxPoints): the same clear error the resolver would give, before any work.
        setResultAndStopExecution(refusal(error.message, 'BAD_USER_INPUT', 400));
        return;
      }
      if (cost !== null && cost > options.maxCost) {
        setResultAndStopExecution(
          refusal(
            `Query cost ${cost} is above the limit of ${options.maxCost}: ask for fewer items (list sizes multiply), fewer points or fewer aliases.`,
            'QUERY_TOO_COSTLY',
            400,
          ),
        );
        return;
      }
      setExecuteFn(async (executionArgs: ExecutionArgs) => {
        const deadline = new Deadline(options.timeoutMs);
        // Resolvers check the deadline (withDeadline below): PGlite answers within microtasks, so a
        // timer alone would only fire once everything is done. The timer serves real I/O (PostgreSQL).
        const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
        const context = executionArgs.contextValue as DeadlineContext & { request?: Request };
        context[DEADLINE] = deadline;
        const request = context.request;
        const signal = request?.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
        const timedOut = () =>
          refusal(`The query took longer than ${options.timeoutMs} ms and was stopped: ask for less.`, 'TIMEOUT', 503);
        try {
          const result = await executeFn({ ...executionArgs, signal } as ExecutionArgs);
          return deadline.signal.aborted ? timedOut() : result;
        } catch (error) {
          if (deadline.signal.aborted) return timedOut();
          throw error;
        } finally {
          clearTimeout(timer);
        }
      });
      return {
        onExecuteDone({ result, setResult }) {
          if (!result || typeof result !== 'object' || Symbol.asyncIterator in result) return;
          const size = byteSize(result);
          if (size > options.maxResponseBytes) {
            setResult(
              refusal(
                `The answer (${size} bytes) is above the limit of ${options.maxResponseBytes} bytes: ask for fewer fields or items.`,
                'RESPONSE_TOO_LARGE',
                400,
              ),
            );
          }
        },
      };
    },
  };
}
