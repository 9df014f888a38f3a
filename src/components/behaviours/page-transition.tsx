'use client';

import { usePathname } from 'next/navigation';
import { ViewTransition, type ReactNode } from 'react';

/**
 * docs/product.md §2: page transitions use the name "page", out then in (the animation is in
 * globals.css). React's <ViewTransition>: every navigation of the App Router is a React transition,
 * so a new page (another path) makes the old content exit and the new one enter under that name;
 * a change of the query only (a news page, a filter) or a refresh updates the page in place,
 * unanimated. Browsers without the View Transitions API swap at once.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return (
    <ViewTransition key={pathname} name="page" share="auto" default="none">
      <div>{children}</div>
    </ViewTransition>
  );
}
