import { fromEpochDay, toEpochDay, type IsoDate } from '../dates';
import type { ChartPoint } from './chart';

/**
 * The geometry of the share page's charts, as numbers the SVG components only print. Pure, so the scaling
 * and the rebasing are unit-tested without a browser.
 */

/** A linear map from `domain` to `range`; a degenerate domain maps everything to the middle of the range. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  const factor = (r1 - r0) / (d1 - d0);
  return (value) => r0 + (value - d0) * factor;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * "Nice" axis ticks covering [min, max]: a step of 1, 2, 2.5 or 5 × 10^k giving at most `maxTicks` ticks, the
 * first at or below min and the last at or above max, so the line never leaves the plot.
 */
export function niceTicks(min: number, max: number, maxTicks = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || maxTicks < 3) throw new RangeError('niceTicks needs finite bounds and maxTicks ≥ 3');
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (low === high) {
    // A flat line still gets an axis around its value.
    const pad = Math.abs(low) > 0 ? Math.abs(low) * 0.01 : 1;
    low -= pad;
    high += pad;
  }
  const rough = (high - low) / (maxTicks - 1);
  // The smallest step that fits; a larger magnitude always fits eventually, since the count falls to 2 or 3.
  for (let magnitude = 10 ** Math.floor(Math.log10(rough)); ; magnitude *= 10) {
    for (const multiple of [1, 2, 2.5, 5]) {
      const step = multiple * magnitude;
      const first = Math.floor(low / step) * step;
      const last = Math.ceil(high / step) * step;
      const count = Math.round((last - first) / step) + 1;
      if (count <= maxTicks) {
        // Rounded to the step's precision, so 0.1 + 0.2 prints as 0.3.
        const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
        return Array.from({ length: count }, (_, i) => Number((first + i * step).toFixed(decimals)));
      }
    }
  }
}

/** An SVG path through the points, coordinates to one decimal (enough at any screen size, light in the page). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round1(p.x)} ${round1(p.y)}`).join('');
}

export type GrowthGeometry = {
  /** Path data in a `width` × `height` box (y down), or '' for an empty series. */
  sharePath: string;
  benchmarkPath: string;
  /** Value ticks with their y in the same box. */
  yTicks: { value: number; y: number }[];
  /** Date ticks with their x as a fraction (0–1) of the width, first and last date included. */
  xTicks: { date: IsoDate; fraction: number }[];
  /** The last point of each line, for the end labels. */
  shareEnd: { value: number; y: number } | null;
  benchmarkEnd: { value: number; y: number } | null;
};

/**
 * Places the rebased share and benchmark lines on one time axis (days, so gaps and holidays keep their true
 * width) and one value axis with nice ticks. `padding` keeps the lines off the top and bottom edges.
 */
export function growthGeometry(
  share: readonly ChartPoint[],
  benchmark: readonly ChartPoint[],
  box: { width: number; height: number; padding: number },
  dateTicks = 4,
): GrowthGeometry {
  const all = [...share, ...benchmark];
  if (all.length === 0) return { sharePath: '', benchmarkPath: '', yTicks: [], xTicks: [], shareEnd: null, benchmarkEnd: null };
  const days = all.map((p) => toEpochDay(p.date));
  const firstDay = Math.min(...days);
  const lastDay = Math.max(...days);
  const values = all.map((p) => p.value);
  const ticks = niceTicks(Math.min(...values), Math.max(...values), 6);
  const x = linearScale([firstDay, lastDay], [0, box.width]);
  const y = linearScale([ticks[0] as number, ticks[ticks.length - 1] as number], [box.height - box.padding, box.padding]);
  const path = (points: readonly ChartPoint[]) => linePath(points.map((p) => ({ x: x(toEpochDay(p.date)), y: y(p.value) })));
  const end = (points: readonly ChartPoint[]) => {
    const last = points[points.length - 1];
    return last ? { value: last.value, y: round1(y(last.value)) } : null;
  };
  return {
    sharePath: path(share),
    benchmarkPath: path(benchmark),
    yTicks: ticks.map((value) => ({ value, y: round1(y(value)) })),
    xTicks: timeTicks(firstDay, lastDay, dateTicks),
    shareEnd: end(share),
    benchmarkEnd: end(benchmark),
  };
}

/** `count` dates evenly spread from the first to the last day (both included), with their fraction of the axis. */
export function timeTicks(firstDay: number, lastDay: number, count: number): { date: IsoDate; fraction: number }[] {
  if (lastDay <= firstDay || count < 2) return [{ date: fromEpochDay(firstDay), fraction: 0 }];
  return Array.from({ length: count }, (_, i) => {
    const day = Math.round(firstDay + ((lastDay - firstDay) * i) / (count - 1));
    return { date: fromEpochDay(day), fraction: (day - firstDay) / (lastDay - firstDay) };
  });
}

export type Bar = { value: number; x: number; width: number; labelX: number; anchor: 'start' | 'end' };
export type BarRow = { year: number; share: Bar; benchmark: Bar | null };

/**
 * Horizontal bars of calendar-year returns (one row per year, the share's bar beside the benchmark's) in
 * percent of the plot's width, so the SVG keeps readable text at any width. Zero is the common origin;
 * `labelRoom` percent is kept on each side that has bars, for the value labels at the bar ends.
 */
export function calendarBarLayout(
  rows: readonly { year: number; value: number; benchmark: number | null }[],
  labelRoom = 22,
): { zero: number; rows: BarRow[] } {
  const values = rows.flatMap((r) => (r.benchmark === null ? [r.value] : [r.value, r.benchmark]));
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const left = low < 0 ? labelRoom : 0;
  const right = high > 0 ? 100 - labelRoom : 100;
  const scale = linearScale([low, high === low ? low + 1 : high], [left, right]);
  const zero = round1(scale(0));
  const bar = (value: number): Bar => {
    const end = round1(scale(value));
    return { value, x: Math.min(zero, end), width: round1(Math.abs(end - zero)), labelX: end, anchor: value < 0 ? 'end' : 'start' };
  };
  return {
    zero,
    rows: rows.map((r) => ({ year: r.year, share: bar(r.value), benchmark: r.benchmark === null ? null : bar(r.benchmark) })),
  };
}

/**
 * Rows of a chart's data table: at most `maxRows` dates of the share's line, evenly spread and always with the
 * first and last, each with the benchmark's value on or before that date (null before the benchmark starts).
 */
export function growthTableRows(
  share: readonly ChartPoint[],
  benchmark: readonly ChartPoint[],
  maxRows: number,
): { date: IsoDate; share: number; benchmark: number | null }[] {
  if (share.length === 0) return [];
  const step = share.length <= maxRows ? 1 : (share.length - 1) / (maxRows - 1);
  const count = Math.min(share.length, maxRows);
  const rows: { date: IsoDate; share: number; benchmark: number | null }[] = [];
  let b = -1;
  for (let slot = 0; slot < count; slot += 1) {
    const point = share[Math.round(slot * step)] as ChartPoint;
    while (b + 1 < benchmark.length && (benchmark[b + 1] as ChartPoint).date <= point.date) b += 1;
    rows.push({ date: point.date, share: point.value, benchmark: b >= 0 ? (benchmark[b] as ChartPoint).value : null });
  }
  return rows;
}
