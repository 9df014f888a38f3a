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

  it('groups a file of many share classes, rows in any order, into one summary per share class', () => {
    const stored = new Map([
      [seriesKey('B', '2026-11-02'), 50],
      [seriesKey('C', '2026-11-03'), 9],
    ]);
    const rows = [
      { line: 2, series: 'C', date: '2026-11-04', value: 9.5 },
      { line: 3, series: 'A', date: '2026-11-05', value: 100 },
      { line: 4, series: 'B', date: '2026-11-02', value: 51 },
      { line: 5, series: 'A', date: '2026-11-01', value: 99 },
      { line: 6, series: 'C', date: '2026-11-03', value: 9 },
      { line: 7, series: 'A', date: '2026-11-03', value: 99.5 },
    ];
    const diff = diffSeries(rows, stored);
    expect(diff.summaries).toEqual([
      { series: 'C', rows: 2, from: '2026-11-03', to: '2026-11-04', added: 1, changed: 0, unchanged: 1 },
      { series: 'A', rows: 3, from: '2026-11-01', to: '2026-11-05', added: 3, changed: 0, unchanged: 0 },
      { series: 'B', rows: 1, from: '2026-11-02', to: '2026-11-02', added: 0, changed: 1, unchanged: 0 },
    ]);
    expect(diff.changed.map((c) => [c.line, c.old, c.value])).toEqual([[4, 50, 51]]);
    // The counts add up to the file's rows.
    expect(diff.added.length + diff.changed.length + diff.unchanged).toBe(rows.length);
  });
});
