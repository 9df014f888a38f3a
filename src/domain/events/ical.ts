import { addDays, isIsoDate, type IsoDate } from '../dates';

/**
 * An iCalendar feed (RFC 5545) of all-day events, built as a string. Pure: the route hands in
 * absolute links, plain texts and the stamp; lines end in CRLF, are folded at 75 octets (never inside
 * a UTF-8 sequence) and TEXT values are escaped here.
 */
export type IcsEvent = {
  /** Globally unique and stable across feeds (RFC 5545 §3.8.4.7), e.g. "event-12@example.com". */
  uid: string;
  /** The day it happens: DTSTART;VALUE=DATE, DTEND the next day (one all-day event). */
  date: IsoDate;
  summary: string;
  description?: string | null;
  /** Absolute URL. */
  url?: string | null;
  categories?: string | null;
};

export type IcsCalendar = {
  /** PRODID, e.g. "-//Company//Shareholder notices//EN". */
  prodId: string;
  name: string;
  /** DTSTAMP of every event: when the feed was generated (an instant). */
  stamp: Date;
  events: IcsEvent[];
};

const CRLF = '\r\n';
const LINE_OCTETS = 75;

/** TEXT escaping (§3.3.11): backslash, semicolon, comma, newline; other control characters removed. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds one content line (§3.1): at most 75 octets per physical line, continuation lines starting
 * with one space (which counts in their 75). A code point is never split.
 */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A DATE value: 2026-04-16 → 20260416. */
export const icsDate = (iso: IsoDate): string => iso.replaceAll('-', '');

/** A UTC DATE-TIME value: 20260416T093000Z. */
export const icsStamp = (instant: Date): string => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function eventLines(event: IcsEvent, stamp: string): string[] {
  if (!isIsoDate(event.date)) throw new RangeError(`Invalid event date: "${event.date}"`);
  return [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(event.date)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(event.date, 1))}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.categories ? [`CATEGORIES:${escapeIcsText(event.categories)}`] : []),
    ...(event.url ? [`URL;VALUE=URI:${event.url.replace(/[\r\n]/g, '')}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The calendar, events in date order (then UID), every line folded and ended by CRLF. */
export function buildIcs(calendar: IcsCalendar): string {
  const stamp = icsStamp(calendar.stamp);
  const events = [...calendar.events].sort((a, b) => a.date.localeCompare(b.date) || a.uid.localeCompare(b.uid));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeIcsText(calendar.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
    ...events.flatMap((e) => eventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
