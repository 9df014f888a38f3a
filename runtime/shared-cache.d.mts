import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_TAGS_HEADER: number;
export const DEFAULT_SURROGATE_MAX_AGE: number;
export function surrogateMaxAge(value: unknown): number;
export function rewrittenPath(header: unknown): string | null;
export function pageTags(path: string | null, registry?: Map<string, string[]>): string | null;
export function withoutNonce(policy: unknown): string;
export function markForSharedCache(req: IncomingMessage, res: ServerResponse, options?: { maxAge?: number; registry?: Map<string, string[]> }): boolean;
