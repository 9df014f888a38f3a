import { describe, expect, it } from 'vitest';
import { diffSeries, seriesKey } from './series-diff';

describe('diffSeries', () => {
  it('sorts rows into new dates, corrected values and values already stored, per series', () => {
    const stored = new Map([
      [seriesKey('A', '2026-11-18'), 100],
      [seriesKey('A', '2026-11-19'), 101],
    ]);
    const diff = diffSeries(
      [
        { line: 2, series: 'A', date: '2026-11-19', value: 101.5 },
        { line: 3, series: 'A', date: '2026-11-18', value: 100 },
        { line: 4, series: 'A', date: '2026-11-20', value: 102 },
        { line: 5, series: 'B', date: '2026-11-20', value: 7 },
      ],
      stored,
    );
    expect(diff.added.map((r) => r.line)).toEqual([4, 5]);
    expect(diff.changed).toEqual([{ line: 2, series: 'A', date: '2026-11-19', value: 101.5, old: 101 }]);
    expect(diff.unchanged).toBe(1);
    expect(diff.summaries).toEqual([
      { series: 'A', rows: 3, from: '2026-11-18', to: '2026-11-20', added: 1, changed: 1, unchanged: 1 },
      { series: 'B', rows: 1, from: '2026-11-20', to: '2026-11-20', added: 1, changed: 0, unchanged: 0 },
    ]);
  });
});
