/** A calendar date as 'YYYY-MM-DD'. Dates are calendar days, never instants, so nothing here uses local time. */
export type IsoDate = string;

export type DateParts = { year: number; month: number; day: number };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function partsOrNull(iso: string): DateParts | null {
  const match = ISO_DATE.exec(iso);
  if (match === null) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return partsOrNull(value) !== null;
}

/** Splits an ISO date; throws on anything that is not a real calendar day (e.g. 2023-02-29), so bad data fails loudly. */
export function parseIsoDate(iso: string): DateParts {
  const parts = partsOrNull(iso);
  if (parts === null) throw new RangeError(`Invalid ISO date: "${iso}"`);
  return parts;
}

export function formatIsoDate({ year, month, day }: DateParts): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01. Integer day numbers make date differences and binary searches cheap. */
export function toEpochDay(iso: IsoDate): number {
  const { year, month, day } = parseIsoDate(iso);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function fromEpochDay(epochDay: number): IsoDate {
  const date = new Date(epochDay * MS_PER_DAY);
  return formatIsoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** The date of a JavaScript Date in UTC (e.g. for "today" taken at the edge of the app and passed in). */
export function isoDateOf(date: Date): IsoDate {
  return formatIsoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(iso) + days);
}

/** `to` − `from` in days (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Calendar month arithmetic of docs/methodology.md: the day of month is kept, clamped to the end of the target month. */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`addMonths needs a whole number of months, got ${months}`);
  const { year, month, day } = parseIsoDate(iso);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  return formatIsoDate({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) });
}

export function endOfYear(year: number): IsoDate {
  return formatIsoDate({ year, month: 12, day: 31 });
}

export function yearOf(iso: IsoDate): number {
  return parseIsoDate(iso).year;
}
