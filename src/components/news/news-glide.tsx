'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { isNewsPath, NEWS_SECTION_ID } from './news-section';

/**
 * docs/product.md §2: moving between news pages glides to the news section. Rendered once, beside
 * the page (site-behaviours.tsx), so it outlives the page transition's change of page: Next has
 * already put the new page in view when the path changes; from one news page to another this
 * glides on to the section (instantly for visitors who ask for reduced motion).
 */
export function NewsGlide({ newsBasePaths }: { newsBasePaths: string[] }) {
  const pathname = usePathname();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    if (previous === null || previous === pathname || !isNewsPath(previous, newsBasePaths) || !isNewsPath(pathname, newsBasePaths)) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(NEWS_SECTION_ID)?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [pathname, newsBasePaths]);
  return null;
}
