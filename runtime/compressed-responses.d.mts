import type { IncomingMessage, ServerResponse } from 'node:http';

export type Encoding = 'br' | 'gzip';
export function negotiateEncoding(acceptEncoding: string | string[] | undefined | null): Encoding | null;
export function isShareable(cacheControl: string | number | string[] | undefined | null): boolean;
export function isOneBodyForMany(cacheControl: string | number | string[] | undefined | null, nextCache: string | number | string[] | undefined | null): boolean;
export function matchesIfNoneMatch(ifNoneMatch: string | undefined | null, etag: string): boolean;
export function compress(body: Buffer, encoding: Encoding): Buffer;
export class ByteBoundedCache<V = unknown> {
  constructor(maxBytes: number);
  readonly maxBytes: number;
  readonly bytes: number;
  get(key: string): V | undefined;
  set(key: string, value: V, bytes: number): void;
  grow(key: string, bytes: number): void;
  delete(key: string): void;
}
export function responseEncoder(options?: { cache?: ByteBoundedCache; inlineScripts?: (html: string) => string; shared?: (req: IncomingMessage, res: ServerResponse) => unknown }): (req: IncomingMessage, res: ServerResponse) => void;
