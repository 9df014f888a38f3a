import { describe, expect, it } from 'vitest';
import { NEWS_LIMITS, newsStateOf, parseUtcDateTime, readNewsInput, slugify, type NewsFormInput } from './input';

const form = (over: Partial<NewsFormInput> = {}): NewsFormInput => ({
  locale: 'fr',
  title: 'Une nouvelle',
  slug: '',
  categoryCode: 'company-news',
  publishedAt: '2026-11-24',
  summary: 'Résumé',
  body: '<p>Texte</p>',
  externalUrl: '',
  author: '',
  fundIds: [],
  visibleTo: [],
  state: 'draft',
  publishAt: '',
  ...over,
});

describe('slugify', () => {
  it('strips accents, lowercases and joins words with hyphens', () => {
    expect(slugify('Élan de l’économie : 2026, année « verte » !')).toBe('elan-de-l-economie-2026-annee-verte');
    expect(slugify('Œuvre & Straße')).toBe('oeuvre-strasse');
    expect(slugify('  ¿Qué pasa?  ')).toBe('que-pasa');
  });

  it('bounds the length, cutting at a hyphen', () => {
    const slug = slugify('mot '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(NEWS_LIMITS.slug);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('mot-mot')).toBe(true);
  });
});

describe('readNewsInput', () => {
  it('makes the slug from the title when it is empty, and cleans the body', () => {
    const result = readNewsInput(form({ body: '<p>Un <strong>mot</strong> <em>penché</em></p><p onclick="x()">Deux<script>alert(1)</script></p>' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.slug).toBe('une-nouvelle');
    expect(result.value.body).toBe('Un <strong>mot</strong> <i>penché</i>\n\nDeux');
    expect(result.value.state).toBe('draft');
    expect(result.value.publishAt).toBeNull();
  });

  it('refuses a bad slug, a reserved one, a missing title, summary and body, and says where', () => {
    const result = readNewsInput(form({ title: ' ', slug: 'Pas Un Slug', summary: '', body: '<p> </p>' }));
    expect(result).toEqual({ ok: false, errors: { title: 'required', slug: 'slug', summary: 'required', body: 'required' } });
    expect(readNewsInput(form({ slug: 'page' }))).toEqual({ ok: false, errors: { slug: 'reserved' } });
  });

  it('bounds every field', () => {
    const result = readNewsInput(
      form({
        title: 'x'.repeat(NEWS_LIMITS.title + 1),
        slug: 'a'.repeat(NEWS_LIMITS.slug + 1),
        summary: 'x'.repeat(NEWS_LIMITS.summary + 1),
        body: 'x'.repeat(NEWS_LIMITS.body + 1),
        author: 'x'.repeat(NEWS_LIMITS.author + 1),
        externalUrl: `https://example.com/${'x'.repeat(NEWS_LIMITS.externalUrl)}`,
        fundIds: Array.from({ length: NEWS_LIMITS.funds + 1 }, (_, i) => String(i + 1)),
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: { title: 'too-long', slug: 'too-long', summary: 'too-long', body: 'too-long', author: 'too-long', externalUrl: 'too-long', fundIds: 'too-many' },
    });
  });

  it('takes only absolute http(s) external links, known profiles, states and fund ids', () => {
    for (const url of ['javascript:alert(1)', '//evil.example', '/relative', 'ftp://x.example', 'https://exa mple.com']) {
      expect(readNewsInput(form({ externalUrl: url })), url).toEqual({ ok: false, errors: { externalUrl: 'url' } });
    }
    expect(readNewsInput(form({ visibleTo: ['RETAIL', 'NOBODY'] }))).toEqual({ ok: false, errors: { visibleTo: 'profile' } });
    expect(readNewsInput(form({ state: 'live' }))).toEqual({ ok: false, errors: { state: 'state' } });
    expect(readNewsInput(form({ fundIds: ['1', 'x'] }))).toEqual({ ok: false, errors: { fundIds: 'unknown-fund' } });
  });

  it('keeps an external link without a body, and every profile ticked means all', () => {
    const result = readNewsInput(form({ body: '', externalUrl: 'https://example.com/a?b=1', visibleTo: ['CGP', 'RETAIL', 'INSTIT'] }));
    expect(result.ok && result.value.externalUrl).toBe('https://example.com/a?b=1');
    expect(result.ok && result.value.visibleTo).toEqual([]);
    const some = readNewsInput(form({ visibleTo: ['CGP', 'INSTIT'] }));
    expect(some.ok && some.value.visibleTo).toEqual(['INSTIT', 'CGP']);
  });

  it('schedules at a UTC time, which it requires', () => {
    expect(readNewsInput(form({ state: 'scheduled', publishAt: '' }))).toEqual({ ok: false, errors: { publishAt: 'date-time' } });
    const result = readNewsInput(form({ state: 'scheduled', publishAt: '2026-12-01T09:30:05' }));
    expect(result.ok && result.value.publishAt?.toISOString()).toBe('2026-12-01T09:30:05.000Z');
  });
});

describe('parseUtcDateTime and newsStateOf', () => {
  it('reads datetime-local values as UTC and refuses impossible ones', () => {
    expect(parseUtcDateTime('2026-02-28T23:59')?.toISOString()).toBe('2026-02-28T23:59:00.000Z');
    expect(parseUtcDateTime('2026-02-30T10:00')).toBeNull();
    expect(parseUtcDateTime('2026-02-28T24:00')).toBeNull();
    expect(parseUtcDateTime('tomorrow')).toBeNull();
  });

  it('tells draft, published and scheduled apart', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(newsStateOf({ status: 'draft', publishAt: null }, now)).toBe('draft');
    expect(newsStateOf({ status: 'published', publishAt: null }, now)).toBe('published');
    expect(newsStateOf({ status: 'published', publishAt: new Date('2026-11-24T11:59:59Z') }, now)).toBe('published');
    expect(newsStateOf({ status: 'published', publishAt: new Date('2026-11-24T12:00:01Z') }, now)).toBe('scheduled');
  });
});

describe('readNewsListFilter', () => {
  it('keeps known values and drops the rest', async () => {
    const { readNewsListFilter, newsListQuery } = await import('./input');
    const filter = readNewsListFilter({ locale: 'en', category: 'esg', fund: '12', state: 'scheduled', page: '3' });
    expect(filter).toEqual({ locale: 'en', category: 'esg', fund: 12, state: 'scheduled', page: 3 });
    expect(newsListQuery(filter, 2)).toBe('locale=en&category=esg&fund=12&state=scheduled&page=2');
    expect(readNewsListFilter({ locale: 'de', category: 'A B', fund: '-1', state: 'live', page: '0' })).toEqual({ page: 1 });
    expect(readNewsListFilter({ locale: ['en', 'fr'], page: '999999' })).toEqual({ page: 1 });
  });
});
