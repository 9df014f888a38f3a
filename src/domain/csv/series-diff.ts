/**
 * What an imported series (NAVs, benchmark values) would change, row by row, against what is
 * stored: new dates, values that differ (old → new) and values already there. Importing the same
 * file twice therefore writes nothing the second time.
 */
export type SeriesRow = { line: number; series: string; date: string; value: number };
export type SeriesChange = { line: number; series: string; date: string; old: number; new: number };
export type SeriesSummary = { series: string; rows: number; from: string; to: string; added: number; changed: number; unchanged: number };

export type SeriesDiff<R extends SeriesRow> = {
  added: R[];
  changed: (R & { old: number })[];
  unchanged: number;
  summaries: SeriesSummary[];
};

export const seriesKey = (series: string, date: string) => `${series}|${date}`;

/** `stored` maps seriesKey(series, date) to the stored value. */
export function diffSeries<R extends SeriesRow>(rows: readonly R[], stored: ReadonlyMap<string, number>): SeriesDiff<R> {
  const added: R[] = [];
  const changed: (R & { old: number })[] = [];
  let unchanged = 0;
  const summaries = new Map<string, SeriesSummary>();
  for (const row of rows) {
    const summary = summaries.get(row.series) ?? { series: row.series, rows: 0, from: row.date, to: row.date, added: 0, changed: 0, unchanged: 0 };
    summary.rows += 1;
    if (row.date < summary.from) summary.from = row.date;
    if (row.date > summary.to) summary.to = row.date;
    const old = stored.get(seriesKey(row.series, row.date));
    if (old === undefined) {
      added.push(row);
      summary.added += 1;
    } else if (old !== row.value) {
      changed.push({ ...row, old });
      summary.changed += 1;
    } else {
      unchanged += 1;
      summary.unchanged += 1;
    }
    summaries.set(row.series, summary);
  }
  return { added, changed, unchanged, summaries: [...summaries.values()] };
}

/** How many corrected values a preview or an audit entry lists; the counts are always complete. */
export const LISTED_CHANGES = 1000;
