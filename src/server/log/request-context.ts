import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What code running under one HTTP request knows about it: its id. runtime/server.mjs creates the
 * store (same globalThis key) and runs Next's handler inside it; Next's route handlers and server
 * components run in that async context, so every log line they write carries the id. Kept on
 * globalThis because server.mjs (plain Node) and Next's bundles load their own module copies.
 */
export type RequestContext = { requestId: string };

const KEY = Symbol.for('fundhouse.requestContext');
const holder = globalThis as { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

/** The request header server.mjs sets (and answers with): the fallback where the async context is lost. */
export const REQUEST_ID_HEADER = 'x-request-id';

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** Runs `fn` as if no request were served: its log lines carry no request id (the vitals, docs/decisions/034). */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}
