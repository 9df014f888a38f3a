'use client';

import { useSyncExternalStore } from 'react';
import { createOnlineStatus } from './online-status-store';

const onlineStatus = createOnlineStatus({
  isOnline: () => navigator.onLine,
  listen: (onChange) => {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
});

/**
 * A polite banner at the bottom while offline, then "back online" for a few seconds.
 * The live region is always rendered so screen readers announce its changes.
 */
export function OnlineStatus({ labels }: { labels: { offline: string; online: string } }) {
  const status = useSyncExternalStore(onlineStatus.subscribe, onlineStatus.getSnapshot, onlineStatus.getServerSnapshot);
  const message = status === 'offline' ? labels.offline : status === 'back-online' ? labels.online : null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-[900] flex justify-center px-4">
      {message && (
        <p className={`rounded px-4 py-2 text-sm text-white shadow-lg ${status === 'offline' ? 'bg-ink' : 'bg-brand'}`}>{message}</p>
      )}
    </div>
  );
}
