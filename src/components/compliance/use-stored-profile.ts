'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useBrowserStore } from '@/components/hooks/use-hydrated';
import type { InvestorProfile } from '@/domain/catalog';
import { storedCountry, storedProfile, subscribeToStorage, writeCountryCookie, writeProfileCookie } from './browser-storage';
import { isLeaving } from './leave';

/**
 * docs/product.md §4, on start: a profile saved in browser storage that differs from the page's is
 * applied. Its cookie is written (for 30 days with a consent choice, else for the browser session)
 * and the page is rendered again by the server for it, menus included, so that the page and every
 * menu always show the same profile (docs/decisions/025). A browser that refuses the cookie keeps
 * the page as it was rendered: nothing is refreshed in a loop.
 */
export function useStoredProfile(serverProfile: InvestorProfile): void {
  const router = useRouter();
  const stored = useBrowserStore(subscribeToStorage, storedProfile, () => null);
  useEffect(() => {
    // A profile saved as the page leaves (the disclaimer confirmed) is applied by the page it leaves for.
    if (stored && stored !== serverProfile && !isLeaving() && writeProfileCookie(stored)) router.refresh();
  }, [stored, serverProfile, router]);
}

/** The same for the country of residence (docs/decisions/035): a stored country the page was not rendered for is applied. */
export function useStoredCountry(serverCountry: string, known: readonly string[]): void {
  const router = useRouter();
  const stored = useBrowserStore(subscribeToStorage, storedCountry, () => null);
  useEffect(() => {
    // A country no longer in the list stays stored but is not applied (the server would render the default anyway: no loop).
    if (stored && stored !== serverCountry && known.includes(stored) && !isLeaving() && writeCountryCookie(stored)) router.refresh();
  }, [stored, serverCountry, known, router]);
}
