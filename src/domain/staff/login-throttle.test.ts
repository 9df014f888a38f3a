import { describe, expect, it } from 'vitest';
import { afterFailure, CLIENT_RULE, clientKey, kindOf, lockedFor, PAIR_RULE, pairDelaySeconds, pairKey, type ThrottleState } from './login-throttle';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 9, 0) + seconds * 1000);

describe('login throttle', () => {
  it('lets a pair fail a few times freely, then makes it wait longer at each failure, up to 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map(pairDelaySeconds)).toEqual([0, 0, 0, 15, 30, 60, 120, 240, 480, 900, 900]);
    expect(pairDelaySeconds(1_000_000)).toBe(PAIR_RULE.maxDelaySeconds);
  });

  it('locks a pair after its free failures for the growing delay, and the lock runs out', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < PAIR_RULE.freeFailures; i += 1) state = afterFailure(state, 'pair', at(i));
    expect(lockedFor(state, at(3))).toBe(0);
    state = afterFailure(state, 'pair', at(3));
    expect(lockedFor(state, at(3))).toBe(15);
    expect(lockedFor(state, at(18))).toBe(0);
    state = afterFailure(state, 'pair', at(18));
    expect(lockedFor(state, at(18))).toBe(30);
  });

  it('forgets a pair\'s failures once its window is over', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < 6; i += 1) state = afterFailure(state, 'pair', at(i));
    state = afterFailure(state, 'pair', at(PAIR_RULE.windowSeconds + 10));
    expect(state.failures).toBe(1);
    expect(lockedFor(state, at(PAIR_RULE.windowSeconds + 10))).toBe(0);
  });

  it('holds a client address only past its ceiling, for the lock time', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < CLIENT_RULE.limit - 1; i += 1) state = afterFailure(state, 'client', at(i));
    expect(lockedFor(state, at(30))).toBe(0);
    state = afterFailure(state, 'client', at(30));
    expect(lockedFor(state, at(30))).toBe(CLIENT_RULE.lockSeconds);
  });

  it('keys are case-insensitive, tell their kind, and a pair names both its account and its client', () => {
    expect(pairKey(' Ann@Example.COM ', '10.0.0.1')).toBe('pair:10.0.0.1|ann@example.com');
    expect(pairKey('ann@example.com', '10.0.0.1')).not.toBe(pairKey('ann@example.com', '10.0.0.2'));
    expect(pairKey('ann@example.com', 'device:abc')).not.toBe(pairKey('bob@example.com', 'device:abc'));
    expect(kindOf(clientKey('127.0.0.1'))).toBe('client');
    expect(kindOf(pairKey('a@b.c', '127.0.0.1'))).toBe('pair');
  });
});
