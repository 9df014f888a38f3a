import { describe, expect, it } from 'vitest';
import { archiveStart } from '../documents/library';
import { addDays } from '../dates';
import { MARGIN_MS, MAX_SLEEP_MS, archiveLeavingDay, boundedMaxAge, dayWindow, earliest, mergeScopes, sleepMs, windowToPublish } from './moments';

const at = (iso: string) => new Date(iso);

describe('the clock arithmetic', () => {
  it('takes the earliest moment, and sleeps until just after it, never longer than the cap', () => {
    expect(earliest([null, at('2026-12-08T00:00:00Z'), undefined, at('2026-12-07T23:00:00Z')])).toEqual(at('2026-12-07T23:00:00Z'));
    expect(earliest([null, undefined])).toBeNull();
    const now = at('2026-12-07T23:59:58Z');
    expect(sleepMs(now, at('2026-12-08T00:00:00Z'))).toBe(2_000 + MARGIN_MS);
    expect(sleepMs(now, at('2026-12-09T00:00:00Z'))).toBe(MAX_SLEEP_MS);
    expect(sleepMs(now, null)).toBe(MAX_SLEEP_MS);
    expect(sleepMs(now, at('2026-12-07T00:00:00Z'))).toBe(0);
  });

  it('publishes from the earlier of the local and the shared marks up to now, and nothing when both are there already', () => {
    const now = at('2026-12-08T00:00:05Z');
    expect(windowToPublish(at('2026-12-08T00:00:01Z'), at('2026-12-07T22:00:00Z'), now)).toEqual({ after: at('2026-12-07T22:00:00Z'), upTo: now });
    expect(windowToPublish(at('2026-12-07T23:59:00Z'), null, now)).toEqual({ after: at('2026-12-07T23:59:00Z'), upTo: now });
    expect(windowToPublish(now, now, now)).toBeNull();
    expect(windowToPublish(null, null, now)).toBeNull();
  });

  it('turns a window of times into the UTC days that began in it', () => {
    expect(dayWindow(at('2026-12-07T23:59:58Z'), at('2026-12-08T00:00:00.05Z'))).toEqual({ afterDay: '2026-12-07', upToDay: '2026-12-08' });
    expect(dayWindow(at('2026-12-08T00:00:01Z'), at('2026-12-08T09:00:00Z'))).toEqual({ afterDay: '2026-12-08', upToDay: '2026-12-08' });
  });

  it('finds the first day a replaced version is out of the archive window, leap days included', () => {
    for (const replacedOn of ['2021-03-15', '2020-02-29', '2020-02-28', '2021-02-28', '2023-12-31', '2024-02-29']) {
      for (const years of [1, 4, 10]) {
        const day = archiveLeavingDay(replacedOn, years);
        expect(archiveStart(day, years) > replacedOn).toBe(true);
        expect(archiveStart(addDays(day, -1), years) > replacedOn).toBe(false);
      }
    }
    expect(archiveLeavingDay('2021-03-15', 10)).toBe('2031-03-16');
  });

  it('merges scopes: each fund once with its shares, each audience once, nothing from nothing', () => {
    expect(mergeScopes([null, undefined, {}])).toBeNull();
    expect(
      mergeScopes([
        { funds: [{ slug: 'a', shares: ['s2'] }], registrations: [{ country: 'FR', profile: 'RETAIL' }] },
        { notices: true, funds: [{ slug: 'a', shares: ['s1'] }, { slug: 'b' }] },
        { news: true, registrations: [{ country: 'FR', profile: 'RETAIL' }] },
      ]),
    ).toEqual({ notices: true, news: true, funds: [{ slug: 'a', shares: ['s1', 's2'] }, { slug: 'b' }], registrations: [{ country: 'FR', profile: 'RETAIL' }] });
  });

  it('bounds a shared lifetime by the next moment, at least a second; the ordinary lifetime without a clock', () => {
    const now = at('2026-12-07T23:50:00Z');
    const year = 365 * 86_400;
    expect(boundedMaxAge(now, at('2026-12-08T00:00:00Z'), year, 600)).toBe(600);
    expect(boundedMaxAge(now, at('2026-12-07T23:50:00.5Z'), year, 600)).toBe(1);
    expect(boundedMaxAge(now, null, year, 600)).toBe(year);
    expect(boundedMaxAge(now, undefined, year, 600)).toBe(600);
  });
});
