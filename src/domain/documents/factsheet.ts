import type { IsoDate } from '../dates';

/**
 * The pure parts of the monthly factsheet (docs/decisions/033): which month a share's NAVs
 * complete, whether an import completes it, and the layout arithmetic of the PDF.
 */

export type YearMonth = string; // YYYY-MM

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isYearMonth(value: string): value is YearMonth {
  return MONTH.test(value);
}

export function monthOf(date: IsoDate): YearMonth {
  return date.slice(0, 7);
}

export function previousMonth(month: YearMonth): YearMonth {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The last calendar day of a month, YYYY-MM-DD. */
export function monthEnd(month: YearMonth): IsoDate {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The last weekday (Monday to Friday) of a month: the day its last NAV is normally dated. */
export function lastWeekday(month: YearMonth): IsoDate {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m, 0));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The month's last NAV rule: a month is complete for a share once it has a NAV on the month's last
 * weekday, or any NAV after the month (the last weekday was a holiday, or NAVs are weekly). Given the
 * share's latest NAV date, the latest complete month.
 */
export function completedMonth(latestNav: IsoDate): YearMonth {
  const month = monthOf(latestNav);
  return latestNav >= lastWeekday(month) ? month : previousMonth(month);
}

/**
 * Whether an import completed (or corrected) `month` for a share: one of its written NAVs is in the
 * month, or the import brought every NAV the share has after the month (so it brought the first one).
 */
export function importTouchesMonth(month: YearMonth, written: readonly IsoDate[], navDatesAfterMonth: readonly IsoDate[]): boolean {
  if (written.some((d) => monthOf(d) === month)) return true;
  const writtenSet = new Set(written);
  return navDatesAfterMonth.length > 0 && navDatesAfterMonth.every((d) => writtenSet.has(d));
}

/**
 * Greedy line breaking of `text` to `width`, measured by `measure` (the font's advance widths). A
 * word wider than the line is cut by characters. At most `maxLines`: the last kept line ends with "…".
 */
export function wrapText(text: string, width: number, measure: (s: string) => number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1] ?? ''}…`;
  while (measure(last) > width && last.length > 1) last = `${last.slice(0, -2)}…`;
  kept[maxLines - 1] = last;
  return kept;
}

/**
 * A "nice" axis for values in [min, max]: bounds and a step of 1, 2 or 5 times a power of ten, about
 * `ticks` ticks. Used by the growth chart and the calendar-year bars.
 */
export function niceScale(min: number, max: number, ticks = 5): { min: number; max: number; step: number } {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { min: 0, max: 1, step: 0.2 };
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / Math.max(1, ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? 10 * power;
  return { min: Math.floor(min / step) * step, max: Math.ceil(max / step) * step, step };
}

/** Maps a value of [from0, from1] onto [to0, to1] (a chart's axis). */
export function project(value: number, from0: number, from1: number, to0: number, to1: number): number {
  if (from1 === from0) return (to0 + to1) / 2;
  return to0 + ((value - from0) / (from1 - from0)) * (to1 - to0);
}

/** The file name of a share's factsheet: stable per share, language and month. */
export function factsheetFileName(isin: string, locale: string, month: YearMonth): string {
  return `factsheet-${isin}-${locale}-${month}.pdf`;
}
