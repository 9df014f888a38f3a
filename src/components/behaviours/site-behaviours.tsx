import { Suspense } from 'react';
import { NewsGlide } from '@/components/news/news-glide';
import { ChunkReloadGuard } from './chunk-reload-guard';
import { OnlineStatus } from './online-status';
import { RouteWatcher } from './route-watcher';
import { WebVitals } from './web-vitals';

/**
 * The site's client-side navigation behaviours (docs/product.md §2, §4, §8), rendered once in <body>; the loading
 * bar (loading-bar.tsx) is rendered in the header, so it is inside a landmark.
 * A server component: each behaviour is its own small client component, none reads
 * `window` while rendering.
 */
export function SiteBehaviours({
  newsBasePaths,
  vitalsSampleRate,
  onlineLabels,
}: {
  newsBasePaths: string[];
  vitalsSampleRate: number;
  onlineLabels: { offline: string; online: string };
}) {
  return (
    <>
      {/* useSearchParams suspends on prerendered pages: keep that to this empty boundary. */}
      <Suspense fallback={null}>
        <RouteWatcher />
      </Suspense>
      <NewsGlide newsBasePaths={newsBasePaths} />
      <ChunkReloadGuard />
      <OnlineStatus labels={onlineLabels} />
      {/* Real-user Core Web Vitals (docs/decisions/034): nothing at all when the rate is 0. */}
      {vitalsSampleRate > 0 ? <WebVitals sampleRate={vitalsSampleRate} /> : null}
    </>
  );
}
