import type { Server } from 'node:http';

export const GRACE_MS: number;
export function gracefulShutdown(server: Server): {
  stop(options?: { graceMs?: number; close?: () => Promise<unknown> }): Promise<{ forced: boolean }>;
  readonly active: number;
};
