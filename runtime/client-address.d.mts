import type { BlockList } from 'node:net';

export const CLIENT_HEADER: 'x-fundhouse-client';
export type TrustedProxies = { hops: number; ranges?: undefined } | { hops?: undefined; ranges: BlockList; entries: string[] };
export function normalizeAddress(raw: string | undefined | null): string | null;
export function parseTrustedProxies(value: string | undefined | null): TrustedProxies | null;
export function isTrusted(trusted: TrustedProxies | null, address: string | null): boolean;
export function clientAddress(remoteAddress: string | undefined | null, forwardedFor: string | string[] | undefined | null, trusted: TrustedProxies | null): string;
export function assignClientHeader(
  req: { socket?: { remoteAddress?: string | undefined } | null; headers: Record<string, string | string[] | undefined> },
  trusted: TrustedProxies | null,
): string;
