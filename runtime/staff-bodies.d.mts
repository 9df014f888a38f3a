import type { IncomingMessage, ServerResponse } from 'node:http';

export function hasSessionCookie(cookieHeader: string | undefined): boolean;
export function admitBody(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: {
    isStaff: (cookieHeader: string | undefined) => boolean | Promise<boolean>;
    limits?: { graceMs?: number; minBytesPerSecond?: number; intervalMs?: number };
  },
  proceed: () => void,
): void;
