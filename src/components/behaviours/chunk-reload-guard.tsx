'use client';

import { useEffect } from 'react';
import { createChunkRecovery, isChunkLoadError } from './chunk-reload';
import { loadingBar } from './loading-bar-store';

const recover = createChunkRecovery({
  storage: () => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  },
  now: () => Date.now(),
  reload: () => window.location.reload(),
  onBlocked: () => loadingBar.fail(),
});

/**
 * For error boundaries (error.tsx): a chunk that failed during rendering is caught there and
 * never reaches `window`. Returns true when the error was a chunk failure and was handled.
 */
export function recoverFromChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  recover();
  return true;
}

/** Reloads the page when a code chunk fails to load (new deployment, flaky network). */
export function ChunkReloadGuard() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error) || isChunkLoadError(event.message)) recover();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) recover();
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
