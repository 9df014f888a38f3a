import { useCallback, useState } from 'react';
import type { LazyModule } from './lazy-module';

/**
 * A lazy module bound to React state: `module` is null until `load()` (call it from event handlers:
 * pointerenter, focus, press) has brought it in. It starts null on every mount, so server HTML and
 * hydration never depend on it; a module already fetched arrives a microtask later. `onError` runs
 * when the import fails (offline): whatever was waiting for it should be undone.
 */
export function useLazyModule<T>(source: LazyModule<T>, onError?: () => void): [module: T | null, load: () => void] {
  const [module, setModule] = useState<T | null>(null);
  const load = useCallback(() => {
    source.load().then(
      (loaded) => setModule(() => loaded),
      () => onError?.(),
    );
  }, [source, onError]);
  return [module, load];
}
