import type { Server } from 'node:http';

export const GRACE_MS: number;
export const FRESH_GRACE_MS: number;
export function gracefulShutdown(server: Server): {
  stop(options?: { graceMs?: number; freshGraceMs?: number; close?: () => Promise<unknown> }): Promise<{ forced: boolean }>;
  readonly active: number;
};
