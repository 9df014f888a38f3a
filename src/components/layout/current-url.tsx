'use client';

import { useSearchParams } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { currentUrl } from './locale-switch';
import { useClientPathname } from './use-client-pathname';

type Render = (url: string) => ReactNode;

/**
 * Gives `children` the current path and query, or `fallback` (e.g. the locale's home) until they are
 * known in the browser. useSearchParams() needs a Suspense boundary for cached pages; until it
 * resolves, the path alone is used.
 */
export function WithCurrentUrl({ fallback, children }: { fallback: string; children: Render }) {
  return (
    <Suspense fallback={<PathOnly fallback={fallback} render={children} />}>
      <PathAndQuery fallback={fallback} render={children} />
    </Suspense>
  );
}

function PathOnly({ fallback, render }: { fallback: string; render: Render }) {
  return render(useClientPathname() ?? fallback);
}

function PathAndQuery({ fallback, render }: { fallback: string; render: Render }) {
  const pathname = useClientPathname();
  const search = useSearchParams();
  return render(pathname ? currentUrl(pathname, search.toString()) : fallback);
}
