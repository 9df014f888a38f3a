import { describe, expect, it } from 'vitest';
import { buildRss, escapeXml, feedMaxAge, rfc822Date, type RssChannel } from './rss';

describe('rfc822Date', () => {
  it('writes the day at noon UTC with English day and month names (weekdays checked on a calendar)', () => {
    expect(rfc822Date('2026-10-14')).toBe('Wed, 14 Oct 2026 12:00:00 GMT');
    expect(rfc822Date('2024-02-29')).toBe('Thu, 29 Feb 2024 12:00:00 GMT');
    expect(rfc822Date('2000-01-01')).toBe('Sat, 01 Jan 2000 12:00:00 GMT');
  });

  it('refuses a date that does not exist', () => {
    expect(() => rfc822Date('2023-02-29')).toThrow(RangeError);
  });
});

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('drops characters XML 1.0 forbids and keeps tabs, newlines and astral characters', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf')).toBe('abcdef');
    expect(escapeXml('x\ty\nz\r')).toBe('x\ty\nz\r');
    expect(escapeXml('lone \uD800 high, lone \uDC00 low, pair 😀')).toBe('lone  high, lone  low, pair 😀');
  });
});

const channel: RssChannel = {
  title: 'Aurore Gestion – News',
  link: 'https://site.example/en/news',
  description: 'News & views',
  language: 'en-gb',
  selfUrl: 'https://site.example/en/rss.xml',
  items: [
    { title: 'Older', link: 'https://site.example/en/news/older', description: 'First', pubDate: '2026-01-13', category: 'ESG', author: null },
    {
      title: 'Q3 letter </title><script>alert(1)</script>',
      link: 'https://site.example/en/news/q3/doc?a=1&b=2',
      description: 'Rates <b>stable</b>',
      pubDate: '2026-10-14',
      category: 'Market views',
      author: 'Thomas Lefebvre',
    },
  ],
};

describe('buildRss', () => {
  it('writes an RSS 2.0 channel, items newest first, every text escaped', () => {
    expect(buildRss(channel)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
        '  <channel>',
        '    <title>Aurore Gestion – News</title>',
        '    <link>https://site.example/en/news</link>',
        '    <description>News &amp; views</description>',
        '    <language>en-gb</language>',
        '    <lastBuildDate>Wed, 14 Oct 2026 12:00:00 GMT</lastBuildDate>',
        '    <atom:link href="https://site.example/en/rss.xml" rel="self" type="application/rss+xml"/>',
        '    <item>',
        '      <title>Q3 letter &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
        '      <link>https://site.example/en/news/q3/doc?a=1&amp;b=2</link>',
        '      <guid isPermaLink="true">https://site.example/en/news/q3/doc?a=1&amp;b=2</guid>',
        '      <description>Rates &lt;b&gt;stable&lt;/b&gt;</description>',
        '      <pubDate>Wed, 14 Oct 2026 12:00:00 GMT</pubDate>',
        '      <category>Market views</category>',
        '      <dc:creator>Thomas Lefebvre</dc:creator>',
        '    </item>',
        '    <item>',
        '      <title>Older</title>',
        '      <link>https://site.example/en/news/older</link>',
        '      <guid isPermaLink="true">https://site.example/en/news/older</guid>',
        '      <description>First</description>',
        '      <pubDate>Tue, 13 Jan 2026 12:00:00 GMT</pubDate>',
        '      <category>ESG</category>',
        '    </item>',
        '  </channel>',
        '</rss>',
        '',
      ].join('\n'),
    );
  });

  it('leaves lastBuildDate out of an empty feed and does not reorder the caller’s list', () => {
    const xml = buildRss({ ...channel, items: [] });
    expect(xml).not.toContain('lastBuildDate');
    expect(xml).not.toContain('<item>');
    buildRss(channel);
    expect(channel.items[0]?.title).toBe('Older');
  });
});

describe('feedMaxAge', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is 5 minutes without a scheduled item, or with one further away', () => {
    expect(feedMaxAge(now, null)).toBe(300);
    expect(feedMaxAge(now, new Date('2026-11-24T13:00:00Z'))).toBe(300);
  });
  it('ends when the next scheduled item goes online, never below 0', () => {
    expect(feedMaxAge(now, new Date('2026-11-24T12:00:42.900Z'))).toBe(42);
    expect(feedMaxAge(now, new Date('2026-11-24T12:00:00.500Z'))).toBe(0);
    expect(feedMaxAge(now, new Date('2026-11-24T11:59:00Z'))).toBe(0);
  });
});
