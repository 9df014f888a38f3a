// Expected dates are read off a calendar: 2024 is a leap year, 2023 and 2100 are not; 1970-01-01 is epoch day 0.
import { describe, it, expect } from 'vitest';
import {
  addDays, addMonths, daysBetween, daysInMonth, endOfYear, formatIsoDate, fromEpochDay, isIsoDate, isoDateOf,
  parseIsoDate, toEpochDay, yearOf,
} from './dates';

describe('parseIsoDate / formatIsoDate', () => {
  it('round-trips a date', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(formatIsoDate({ year: 987, month: 3, day: 5 })).toBe('0987-03-05');
  });

  it('rejects days that do not exist and malformed strings', () => {
    expect(() => parseIsoDate('2023-02-29')).toThrow(RangeError);
    expect(() => parseIsoDate('2024-13-01')).toThrow(RangeError);
    expect(() => parseIsoDate('2024-1-01')).toThrow(RangeError);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-04-30')).toBe(true);
  });

  it('knows month lengths, including century leap rules', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2023, 4)).toBe(30);
  });
});

describe('epoch days', () => {
  it('counts from 1970-01-01 in UTC', () => {
    expect(toEpochDay('1970-01-01')).toBe(0);
    expect(toEpochDay('1970-01-02')).toBe(1);
    expect(fromEpochDay(19_782)).toBe('2024-02-29');
  });

  it('takes the UTC day of a Date, whatever the local time zone', () => {
    expect(isoDateOf(new Date('2024-03-31T23:30:00Z'))).toBe('2024-03-31');
  });
});

describe('addDays / daysBetween', () => {
  it('crosses month, year and DST boundaries without drift', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-31', -7)).toBe('2024-03-24');
    expect(addDays('2024-10-27', 1)).toBe('2024-10-28');
  });

  it('returns signed whole days', () => {
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2023-01-01', '2024-01-01')).toBe(365);
    expect(daysBetween('2024-03-10', '2024-03-03')).toBe(-7);
  });
});

describe('addMonths', () => {
  it('clamps the day to the end of the target month', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2023-03-31', -1)).toBe('2023-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-05-31', 1)).toBe('2024-06-30');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('moves across years both ways', () => {
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15');
    expect(addMonths('2026-10-30', -120)).toBe('2016-10-30');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2024-06-15', 0)).toBe('2024-06-15');
  });

  it('refuses fractional months', () => {
    expect(() => addMonths('2024-06-15', 0.5)).toThrow(RangeError);
  });
});

describe('endOfYear / yearOf', () => {
  it('gives 31 December and the year', () => {
    expect(endOfYear(2025)).toBe('2025-12-31');
    expect(yearOf('2026-10-30')).toBe(2026);
  });
});
