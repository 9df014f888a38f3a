import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsStamp } from './ical';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and newlines, and drops other controls', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('foldIcsLine', () => {
  it('leaves a line of 75 octets alone and folds a longer one with CRLF and a space', () => {
    const line = 'X'.repeat(75);
    expect(foldIcsLine(line)).toBe(line);
    const folded = foldIcsLine('Y'.repeat(200));
    const parts = folded.split('\r\n');
    expect(parts[0]).toHaveLength(75);
    expect(parts.slice(1).every((p) => p.startsWith(' ') && octets(p) <= 75)).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe('Y'.repeat(200));
  });

  it('counts octets, not characters, and never splits a UTF-8 sequence', () => {
    const line = `SUMMARY:${'é€'.repeat(40)}`;
    const parts = foldIcsLine(line).split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});

describe('buildIcs', () => {
  const stamp = new Date('2026-11-29T08:15:30.123Z');
  const ics = buildIcs({
    prodId: '-//Company//Notices//EN',
    name: 'Funds, events',
    stamp,
    events: [
      { uid: 'b@x', date: '2026-12-31', summary: 'Suspension; fund, A', description: 'Line 1\nLine 2', url: 'https://example.com/n#1', categories: 'Suspension' },
      { uid: 'a@x', date: '2026-02-28', summary: 'Dividend' },
    ],
  });

  it('is a VCALENDAR of CRLF lines, none longer than 75 octets', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('gives every event a UID, a DTSTAMP in UTC and an all-day start and end, in date order', () => {
    expect(icsStamp(stamp)).toBe('20261129T081530Z');
    const events = ics.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(2);
    expect(events[0]).toContain('UID:a@x\r\nDTSTAMP:20261129T081530Z\r\nDTSTART;VALUE=DATE:20260228\r\nDTEND;VALUE=DATE:20260301\r\n');
    expect(events[1]).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(events[1]).toContain('SUMMARY:Suspension\\; fund\\, A\r\n');
    expect(events[1]).toContain('DESCRIPTION:Line 1\\nLine 2\r\n');
    expect(events[1]).toContain('URL;VALUE=URI:https://example.com/n#1\r\n');
    expect(ics).toContain('X-WR-CALNAME:Funds\\, events\r\n');
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => buildIcs({ prodId: 'p', name: 'n', stamp, events: [{ uid: 'u', date: '2026-02-30', summary: 's' }] })).toThrow(RangeError);
  });
});
