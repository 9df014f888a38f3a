import { describe, expect, it } from 'vitest';
import {
  NOTICES_MAX_PAGE,
  lastDayOf,
  noticeDocumentPath,
  noticesListHref,
  noticesPageCount,
  parseNoticeDocumentId,
  parseNoticesQuery,
  pickNoticeDocuments,
  restrictionOf,
  type NoticeView,
} from './notices';

describe('parseNoticesQuery', () => {
  const funds = ['aurore-bonds', 'aurore-equities'];

  it('reads a known fund, a known type and a page', () => {
    expect(parseNoticesQuery({ fund: 'aurore-bonds', type: 'suspension', page: '3' }, funds)).toEqual({ fund: 'aurore-bonds', type: 'suspension', page: 3 });
    expect(parseNoticesQuery({ fund: [' aurore-equities ', 'x'], type: ['merger'] }, funds)).toEqual({ fund: 'aurore-equities', type: 'merger', page: 1 });
  });

  it('ignores an unknown or hidden fund, an unknown type and a bad page, never throwing', () => {
    expect(parseNoticesQuery({ fund: 'hidden-fund', type: 'SUSPENSION', page: '0' }, funds)).toEqual({ fund: null, type: null, page: 1 });
    for (const page of ['-1', '1e3', 'abc', '99999', '', String(NOTICES_MAX_PAGE + 1)]) expect(parseNoticesQuery({ page }, funds).page).toBe(1);
    expect(parseNoticesQuery({ page: String(NOTICES_MAX_PAGE) }, funds).page).toBe(NOTICES_MAX_PAGE);
    expect(parseNoticesQuery({ fund: 'x'.repeat(10_000) }, funds).fund).toBeNull();
  });
});

describe('links', () => {
  it('builds the localized list with its filters, and the document and page count', () => {
    expect(noticesListHref('fr', { fund: null, type: null, page: 1 })).toBe('/fr/avis-aux-porteurs');
    expect(noticesListHref('en', { fund: 'a', type: 'lmt-activated', page: 2 })).toBe('/en/shareholder-notices?fund=a&type=lmt-activated&page=2');
    expect(noticesListHref('es', { fund: 'a', type: null, page: 1 })).toBe('/es/avisos-a-los-participes?fund=a');
    expect(noticeDocumentPath('fr', 'aurore-bonds', 12)).toBe('/e/fr/docs/funds/aurore-bonds/notices/12');
    expect(noticesPageCount(0)).toBe(1);
    expect(noticesPageCount(41)).toBe(3);
  });

  it('reads a document id only as a bounded positive integer', () => {
    expect(parseNoticeDocumentId('12')).toBe(12);
    for (const raw of ['0', '012', '-1', '1.5', 'x', '99999999999', undefined]) expect(parseNoticeDocumentId(raw)).toBeNull();
  });
});

describe('pickNoticeDocuments', () => {
  const docs = [
    { id: 1, locale: 'fr', countries: [] as string[] },
    { id: 2, locale: 'en', countries: [] as string[] },
    { id: 3, locale: 'en', countries: ['CH'] },
  ];

  it('gives the page language, else French, and a country its own version', () => {
    expect(pickNoticeDocuments(docs, 'en', 'FR').map((d) => d.id)).toEqual([2]);
    expect(pickNoticeDocuments(docs, 'en', 'CH').map((d) => d.id)).toEqual([3]);
    expect(pickNoticeDocuments(docs, 'es', 'FR').map((d) => d.id)).toEqual([1]);
  });

  it('never gives a country-specific PDF to another country', () => {
    expect(pickNoticeDocuments([{ id: 3, locale: 'en', countries: ['CH'] }], 'en', 'FR')).toEqual([]);
  });
});

describe('restrictionOf', () => {
  const notice: NoticeView = {
    id: 7,
    fundSlug: 'f',
    fundTitle: 'F',
    fundUrl: '/fr/funds/f',
    type: 'suspension',
    tool: null,
    title: 'T',
    body: '',
    announcedOn: '2026-01-01',
    effectiveOn: '2026-01-02',
    endsOn: '2026-02-01',
    shares: [{ isinCode: 'FR0000000001', name: 'I', url: '/u' }],
    documents: [],
    inForce: true,
  };

  it('flags a suspension or tool in force with its last day, and nothing else', () => {
    expect(restrictionOf(notice)).toMatchObject({ eventId: 7, type: 'suspension', since: '2026-01-02', until: '2026-01-31', isinCodes: ['FR0000000001'] });
    expect(restrictionOf({ ...notice, inForce: false })).toBeNull();
    expect(restrictionOf({ ...notice, type: 'merger' })).toBeNull();
    expect(lastDayOf(null)).toBeNull();
  });
});
