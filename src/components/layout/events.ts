import type { InvestorProfile } from '@/domain/catalog';

/**
 * Window events the layout dispatches for layers other components own: the compliance layer
 * (profile choice, docs/product.md §4) and the consent layer (cookie settings). The layout stores nothing itself.
 */
export const SELECT_PROFILE_EVENT = 'fundhouse:select-profile';
export const OPEN_COOKIE_SETTINGS_EVENT = 'fundhouse:open-cookie-settings';

export type SelectProfileDetail = { profile: InvestorProfile };

declare global {
  interface WindowEventMap {
    'fundhouse:select-profile': CustomEvent<SelectProfileDetail>;
    'fundhouse:open-cookie-settings': CustomEvent<null>;
  }
}

export function dispatchSelectProfile(profile: InvestorProfile, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent<SelectProfileDetail>(SELECT_PROFILE_EVENT, { detail: { profile } }));
}

export function dispatchOpenCookieSettings(target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent<null>(OPEN_COOKIE_SETTINGS_EVENT, { detail: null }));
}
