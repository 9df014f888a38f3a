import type { Server } from 'node:http';

export const GRACE_MS: number;
export const FRESH_GRACE_MS: number;
export const ACCEPT_MS: number;
export function gracefulShutdown(server: Server): {
  stop(options?: { graceMs?: number; freshGraceMs?: number; acceptMs?: number; close?: () => Promise<unknown> }): Promise<{ forced: boolean }>;
  readonly active: number;
  readonly waiting: number;
};
