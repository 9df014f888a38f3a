'use client';

import { useSyncExternalStore } from 'react';
import { CONSENT_COOKIE, NO_CONSENT, parseConsent, readCookie, type ConsentState } from '@/domain/privacy/consent';

/**
 * The visitor's consent as recorded in its cookie (docs/product.md §4). Pages are cached and shared, so the
 * choice is read in the browser: server rendering and hydration see "no choice" (video off,
 * captcha on), then the real choice applies. Components gate third-party content on it:
 * `const { video } = useConsent()`.
 */
export const CONSENT_CHANGE_EVENT = 'fundhouse:consent-change';

let cachedHeader: string | null = null;
let cachedState: ConsentState = NO_CONSENT;

function snapshot(): ConsentState {
  const header = document.cookie;
  if (header !== cachedHeader) {
    cachedHeader = header;
    const next = parseConsent(readCookie(header, CONSENT_COOKIE));
    if (next.recorded !== cachedState.recorded || next.video !== cachedState.video) cachedState = next;
  }
  return cachedState;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
}

/** The store itself, for a reader that takes it only after hydration (the compliance layer: useBrowserStore in hooks/use-hydrated.ts). */
export const consentStore = { subscribe, getSnapshot: snapshot, getServerSnapshot: (): ConsentState => NO_CONSENT };

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, snapshot, consentStore.getServerSnapshot);
}
