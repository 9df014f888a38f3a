'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import type { MapAddress } from './map-address';

const MapFigure = dynamic(() => import('./map-figure').then((m) => m.MapFigure), { ssr: false });

/**
 * The map's code is fetched when its frame comes near the viewport; until then the frame shows
 * the address, at the map's size.
 */
export function LazyMap({ address, label, loading }: { address: MapAddress; label: string; loading: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={frame} className="relative aspect-[2/1] w-full overflow-hidden rounded border border-slate-300 bg-slate-100">
      {visible ? (
        <MapFigure address={address} label={label} />
      ) : (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-muted">
          {loading} {address.street}, {address.zipCode} {address.city}
        </p>
      )}
    </div>
  );
}
