import { describe, expect, it } from 'vitest';
import { dispatchOpenCookieSettings, dispatchSelectProfile, OPEN_COOKIE_SETTINGS_EVENT, SELECT_PROFILE_EVENT } from './events';

describe('layout window events', () => {
  it('dispatches the profile choice with { profile } as detail', () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    target.addEventListener(SELECT_PROFILE_EVENT, (e) => seen.push((e as CustomEvent).detail));
    dispatchSelectProfile('INSTIT', target);
    expect(SELECT_PROFILE_EVENT).toBe('fundhouse:select-profile');
    expect(seen).toEqual([{ profile: 'INSTIT' }]);
  });

  it('dispatches the cookie-settings request', () => {
    const target = new EventTarget();
    let count = 0;
    target.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, () => count++);
    dispatchOpenCookieSettings(target);
    expect(OPEN_COOKIE_SETTINGS_EVENT).toBe('fundhouse:open-cookie-settings');
    expect(count).toBe(1);
  });
});
