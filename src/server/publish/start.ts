import 'server-only';
import { env } from '@/env';
import { rearmClock } from '@/server/clock/schedule';
import { listenForChanges } from './listener';
import { applyChangeLocally, processOrigin, servePublications } from './publish';

/** Where this process reaches itself: PORT and LISTEN_HOST are where runtime/server.mjs listens. */
function selfUrl(): string {
  const host = process.env.LISTEN_HOST?.trim();
  const local = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${local}:${process.env.PORT ?? '3000'}`;
}

/**
 * Started once by each app process (src/instrumentation.ts). Pages cached on disk may predate a
 * change made while this process was down (an import with PGlite, a reseed): they all expire
 * once at start. On PostgreSQL, the process then follows the other processes' changes.
 */
export function startPublication(): void {
  const holder = globalThis as { __fundhousePublicationStarted?: boolean };
  if (holder.__fundhousePublicationStarted) return;
  holder.__fundhousePublicationStarted = true;
  servePublications(selfUrl());
  // `next dev` caches no page: nothing to expire, and no production port to reach.
  if (process.env.NODE_ENV === 'production') applyChangeLocally({ all: true });
  const url = env().DATABASE_URL;
  // Another process's change may have added or moved a dated row: the clock re-reads its next moments (docs/decisions/064).
  if (url) {
    listenForChanges(url, {
      origin: processOrigin(),
      onChange: (scope) => {
        applyChangeLocally(scope);
        rearmClock();
      },
    });
  }
}
