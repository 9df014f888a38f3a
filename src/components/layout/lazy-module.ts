/**
 * A module fetched on demand (a dynamic `import()`), once: every caller shares the same request, and
 * `current` holds the module when it has arrived. A failed request is forgotten, so the next call
 * tries again (e.g. after the connection came back).
 */
export type LazyModule<T> = {
  readonly current: T | null;
  load: () => Promise<T>;
};

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let current: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get current() {
      return current;
    },
    load() {
      pending ??= importer().then(
        (module) => (current = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}
