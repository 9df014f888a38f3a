import { describe, expect, it } from 'vitest';
import { ALERT_WINDOW_MS, alertFingerprint, normalizeMessage, shouldAskDatabase, type ThrottleMemory } from './fingerprint';

describe('alertFingerprint', () => {
  it('is one per route, error type and message', () => {
    const base = alertFingerprint('/[locale]/[profile]/funds/[slug]', 'TypeError', "Cannot read properties of undefined (reading 'nav')");
    expect(base).toMatch(/^[0-9a-f]{32}$/);
    expect(alertFingerprint('/[locale]/[profile]/funds/[slug]', 'TypeError', "Cannot read properties of undefined (reading 'nav')")).toBe(base);
    expect(alertFingerprint('/[locale]/[profile]/news', 'TypeError', "Cannot read properties of undefined (reading 'nav')")).not.toBe(base);
    expect(alertFingerprint('/[locale]/[profile]/funds/[slug]', 'RangeError', "Cannot read properties of undefined (reading 'nav')")).not.toBe(base);
    expect(alertFingerprint('/[locale]/[profile]/funds/[slug]', 'TypeError', "Cannot read properties of undefined (reading 'isin')")).not.toBe(base);
  });

  it('takes numbers and ids that vary between occurrences as one error', () => {
    expect(normalizeMessage('mail 17 not sent, submission 0b7e3c1a-4f1d-4a8e-9d2c-5b6a7c8d9e0f')).toBe('mail # not sent, submission <id>');
    expect(alertFingerprint('outbox', 'Error', 'connect ECONNREFUSED 127.0.0.1:23400')).toBe(alertFingerprint('outbox', 'Error', 'connect ECONNREFUSED 127.0.0.1:23401'));
  });
});

describe('shouldAskDatabase (the per-process front of the throttle)', () => {
  it('asks on first sight, counts repeats within the window, asks again after it', () => {
    const memory: ThrottleMemory = new Map();
    const t0 = Date.UTC(2026, 10, 24, 4, 0);
    expect(shouldAskDatabase(memory, 'f', t0)).toBe(true);
    memory.set('f', { until: t0 + ALERT_WINDOW_MS, pending: 0 });
    expect(shouldAskDatabase(memory, 'f', t0 + 1000)).toBe(false);
    expect(shouldAskDatabase(memory, 'f', t0 + ALERT_WINDOW_MS - 1)).toBe(false);
    expect(memory.get('f')?.pending).toBe(2);
    expect(shouldAskDatabase(memory, 'f', t0 + ALERT_WINDOW_MS)).toBe(true);
    expect(shouldAskDatabase(memory, 'other', t0 + 1000)).toBe(true);
  });
});
