import 'server-only';
import { decodeChange, type ChangeScope } from '@/domain/content/publication';
import { CHANGE_CHANNEL } from './publish';

export type ChangeListener = {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
};

export type ListenOptions = {
  /** This process's origin: its own notifications are skipped (it applied them already). */
  origin: string;
  /** Called for every change another process published, and with { all: true } after a reconnection. */
  onChange: (scope: ChangeScope) => void;
  log?: (message: string) => void;
  /** How often the connection is checked with a query (a silent network cut is otherwise never seen). */
  heartbeatMs?: number;
};

const MAX_BACKOFF_MS = 30_000;

/**
 * LISTENs on the change channel on a dedicated connection, reconnecting with a growing delay when
 * it drops. Notifications sent while it was away are lost, so each reconnection reports a change
 * of everything: caches are dropped once rather than left stale.
 */
export function listenForChanges(url: string, options: ListenOptions): ChangeListener {
  const log = options.log ?? ((message: string) => console.error(message));
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  let closed = false;
  let connectedOnce = false;
  let backoff = 500;
  let client: import('pg').Client | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const dropConnection = (reason: string) => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    const current = client;
    client = undefined;
    current?.removeAllListeners();
    current?.on('error', () => undefined);
    void current?.end().catch(() => undefined);
    if (closed) return;
    log(`[publish] change listener disconnected (${reason}); reconnecting in ${backoff} ms`);
    retry = setTimeout(() => void connect(), backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const { Client } = await import('pg');
    const next = new Client({ connectionString: url, keepAlive: true });
    client = next;
    next.on('error', (error) => dropConnection(error.message));
    next.on('end', () => {
      if (client === next) dropConnection('connection ended');
    });
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const change = decodeChange(message.payload);
      if (change && change.origin !== options.origin) options.onChange(change.scope);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      if (client === next) dropConnection(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    backoff = 500;
    if (connectedOnce) options.onChange({ all: true });
    connectedOnce = true;
    resolveReady();
    heartbeat = setInterval(() => {
      next.query('SELECT 1').catch((error: unknown) => {
        if (client === next) dropConnection(error instanceof Error ? error.message : String(error));
      });
    }, heartbeatMs);
    heartbeat.unref();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
