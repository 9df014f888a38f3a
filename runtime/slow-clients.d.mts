import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export const HEADERS_TIMEOUT_MS: number;
export const REQUEST_TIMEOUT_MS: number;
export const CHECK_INTERVAL_MS: number;
export const BODY_GRACE_MS: number;
export const MIN_BODY_BYTES_PER_SECOND: number;
export const serverOptions: { connectionsCheckingInterval: number };
export function applyTimeouts(server: Server): void;
export function guardBody(
  req: IncomingMessage,
  res: ServerResponse,
  limits?: { maxBytes?: number; graceMs?: number; minBytesPerSecond?: number; intervalMs?: number },
): boolean;
export function hasBody(req: IncomingMessage): boolean;
export function answerClientError(error: (Error & { code?: string }) | undefined, socket: Duplex): void;
