import { describe, expect, it } from 'vitest';
import { completedMonth, factsheetFileName, importTouchesMonth, isYearMonth, lastWeekday, monthEnd, niceScale, previousMonth, project, wrapText } from './factsheet';

describe('the month’s last NAV rule', () => {
  it('finds the last weekday and the last day of a month', () => {
    expect(lastWeekday('2026-10')).toBe('2026-10-30'); // the 31st is a Saturday
    expect(lastWeekday('2026-11')).toBe('2026-11-30');
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(previousMonth('2026-01')).toBe('2025-12');
  });
  it('a month is complete with a NAV on its last weekday or any NAV after it', () => {
    expect(completedMonth('2026-10-30')).toBe('2026-10');
    expect(completedMonth('2026-10-29')).toBe('2026-09');
    expect(completedMonth('2026-11-20')).toBe('2026-10');
    // Good Friday 2024-03-29 was the last weekday of March: the first April NAV completes March.
    expect(completedMonth('2024-04-02')).toBe('2024-03');
  });
  it('an import touches the month when it writes in it, or brings the first NAV after it', () => {
    expect(importTouchesMonth('2026-10', ['2026-10-30'], [])).toBe(true);
    expect(importTouchesMonth('2026-10', ['2026-10-15'], ['2026-11-02'])).toBe(true); // a correction
    expect(importTouchesMonth('2024-03', ['2024-04-02'], ['2024-04-02'])).toBe(true);
    expect(importTouchesMonth('2024-03', ['2024-04-03'], ['2024-04-02', '2024-04-03'])).toBe(false);
    expect(importTouchesMonth('2024-03', [], [])).toBe(false);
  });
  it('accepts only real months', () => {
    expect(isYearMonth('2026-11')).toBe(true);
    for (const bad of ['2026-13', '2026-1', '26-11', '2026-11-01', '']) expect(isYearMonth(bad)).toBe(false);
  });
});

describe('layout helpers', () => {
  const measure = (s: string) => s.length; // one unit per character
  it('wraps on words, cuts a word longer than the line and ends a cut paragraph with an ellipsis', () => {
    expect(wrapText('aa bb cc', 5, measure)).toEqual(['aa bb', 'cc']);
    expect(wrapText('abcdefgh', 3, measure)).toEqual(['abc', 'def', 'gh']);
    expect(wrapText('one two three four', 7, measure, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('a\nb', 10, measure)).toEqual(['a', 'b']);
    for (const line of wrapText('Évolution de 100 depuis le 30 octobre', 9, measure)) expect(line.length).toBeLessThanOrEqual(9);
  });
  it('finds nice axis bounds around the values', () => {
    expect(niceScale(96, 143, 4)).toEqual({ min: 80, max: 160, step: 20 });
    const flat = niceScale(100, 100);
    expect(flat.min).toBeLessThan(100);
    expect(flat.max).toBeGreaterThan(100);
    const bars = niceScale(-0.123, 0.08, 4);
    expect(bars.min).toBeLessThanOrEqual(-0.123);
    expect(bars.max).toBeGreaterThanOrEqual(0.08);
  });
  it('projects values onto an axis', () => {
    expect(project(5, 0, 10, 100, 200)).toBe(150);
    expect(project(5, 5, 5, 100, 200)).toBe(150);
  });
  it('names the file by ISIN, language and month', () => {
    expect(factsheetFileName('FR0000000001', 'es', '2026-10')).toBe('factsheet-FR0000000001-es-2026-10.pdf');
  });
});
