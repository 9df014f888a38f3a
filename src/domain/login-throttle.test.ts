import { describe, expect, it } from 'vitest';
import { afterFailure, kindOf, lockedFor, THROTTLE_RULES, throttleKey, type ThrottleState } from './login-throttle';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 9, 0) + minutes * 60_000);

describe('login throttle', () => {
  it('locks an account after its limit of failures within the window, for the lock time', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < THROTTLE_RULES.account.limit - 1; i += 1) state = afterFailure(state, 'account', at(i));
    expect(lockedFor(state, at(4))).toBe(0);
    state = afterFailure(state, 'account', at(4));
    expect(lockedFor(state, at(4))).toBe(THROTTLE_RULES.account.lockSeconds);
    expect(lockedFor(state, at(4 + 14))).toBe(60);
    expect(lockedFor(state, at(4 + 15))).toBe(0);
  });

  it('starts a new window once the previous one is over', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < 4; i += 1) state = afterFailure(state, 'account', at(i));
    state = afterFailure(state, 'account', at(20));
    expect(state.failures).toBe(1);
    expect(lockedFor(state, at(20))).toBe(0);
  });

  it('gives client addresses a higher limit than accounts', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < THROTTLE_RULES.account.limit; i += 1) state = afterFailure(state, 'client', at(0));
    expect(lockedFor(state, at(0))).toBe(0);
    expect(THROTTLE_RULES.client.limit).toBeGreaterThan(THROTTLE_RULES.account.limit);
  });

  it('keys are case-insensitive and tell their kind', () => {
    expect(throttleKey('account', ' Ann@Example.COM ')).toBe('account:ann@example.com');
    expect(kindOf(throttleKey('client', '127.0.0.1'))).toBe('client');
    expect(kindOf(throttleKey('account', 'a@b.c'))).toBe('account');
  });
});
