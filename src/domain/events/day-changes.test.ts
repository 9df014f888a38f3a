import { describe, expect, it } from 'vitest';
import { startOfUtcDay, utcDay } from './day-changes';

describe('the days of fund events', () => {
  it('are counted in UTC', () => {
    expect(utcDay(new Date('2026-11-10T23:59:59.999Z'))).toBe('2026-11-10');
    expect(startOfUtcDay('2026-11-11').toISOString()).toBe('2026-11-11T00:00:00.000Z');
  });
});
