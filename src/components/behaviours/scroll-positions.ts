import type { KeyValueStorage } from './chunk-reload';

/** Scroll positions per history entry (keyed by URL), kept in sessionStorage across reloads. */
export const SCROLL_POSITIONS_KEY = 'scroll_positions';
export const MAX_SCROLL_POSITIONS = 50;

export const scrollKey = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;

export function createScrollPositions(storage: () => KeyValueStorage | null) {
  const positions = new Map<string, number>();
  let loaded = false;

  const load = () => {
    if (loaded) return;
    loaded = true;
    try {
      const saved: unknown = JSON.parse(storage()?.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
      if (typeof saved !== 'object' || saved === null) return;
      for (const [key, y] of Object.entries(saved)) if (typeof y === 'number' && Number.isFinite(y)) positions.set(key, y);
    } catch {
      // Unreadable or blocked storage: start empty.
    }
  };

  return {
    get(key: string): number | undefined {
      load();
      return positions.get(key);
    },
    /** Remembers a position; the most recent entries are kept, the oldest dropped. */
    set(key: string, y: number) {
      load();
      positions.delete(key);
      positions.set(key, Math.max(0, Math.round(y)));
      while (positions.size > MAX_SCROLL_POSITIONS) positions.delete(positions.keys().next().value as string);
    },
    save() {
      load();
      try {
        storage()?.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Quota or privacy mode: positions then last for this page's life only.
      }
    },
  };
}
