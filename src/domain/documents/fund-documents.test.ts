import { describe, expect, it } from 'vitest';
import type { DocumentTypeCode } from '../catalog';
import { documentOffer, esgDocuments } from './fund-documents';
import type { DocumentRef } from '../model';

const TYPES: { code: DocumentTypeCode; title: string }[] = [
  { code: 'PROSPECTUS', title: 'Prospectus' },
  { code: 'KIID', title: 'PRIIPs KID' },
  { code: 'MONTHLY_REPORT', title: 'Monthly report' },
  { code: 'ESG_MONTHLY_REPORT', title: 'Monthly ESG report' },
  { code: 'SFDR_PRECONTRACTUAL', title: 'SFDR pre-contractual disclosure' },
  { code: 'NEWS_DOCUMENT', title: 'Related document' },
];

function ref(code: DocumentTypeCode, url: string, locale: 'fr' | 'en' | 'es' = 'en', size = 2048, tagged: boolean | null = null): DocumentRef {
  return { documentType: { code, title: code }, title: code, fileName: 'f.pdf', size, locale, publishedAt: '2026-11-20', url, tagged };
}

const fund = {
  slug: 'aurore-x',
  documents: [ref('SFDR_PRECONTRACTUAL', '/e/en/docs/funds/aurore-x/SFDR_PRECONTRACTUAL', 'fr', 900, false), ref('PROSPECTUS', '/e/en/docs/funds/aurore-x/PROSPECTUS', 'en', 2048, true)],
};
const shares = [
  { name: 'C EUR', isinCode: 'FR0000000001', url: '/en/funds/aurore-x/shares/c', documents: [ref('KIID', '/e/en/docs/funds/aurore-x/FR0000000001/KIID')] },
  { name: 'D EUR', isinCode: 'FR0000000002', url: '/en/funds/aurore-x/shares/d', documents: [] },
];

describe('documentOffer with the document check on (docs/product.md §2)', () => {
  const offer = documentOffer({ locale: 'en', fund, shares, types: TYPES, checkDocuments: true });

  it('offers only the documents that exist, in the order of the types, with their size, language and tagging', () => {
    expect(offer.fund).toEqual([
      { code: 'PROSPECTUS', title: 'Prospectus', url: '/e/en/docs/funds/aurore-x/PROSPECTUS', size: 2048, locale: 'en', tagged: true },
      { code: 'SFDR_PRECONTRACTUAL', title: 'SFDR pre-contractual disclosure', url: '/e/en/docs/funds/aurore-x/SFDR_PRECONTRACTUAL', size: 900, locale: 'fr', tagged: false },
    ]);
  });

  it('groups the share documents per share class, a class without any keeping an empty list', () => {
    expect(offer.shares.map((s) => [s.name, s.documents.map((d) => d.url)])).toEqual([
      ['C EUR', ['/e/en/docs/funds/aurore-x/FR0000000001/KIID']],
      ['D EUR', []],
    ]);
  });
});

describe('documentOffer with the document check off', () => {
  const offer = documentOffer({ locale: 'es', fund, shares, types: TYPES, checkDocuments: false });

  it('offers every fund-level type, found or not, never the news type nor the per-share KID', () => {
    expect(offer.fund.map((d) => d.code)).toEqual(['PROSPECTUS', 'MONTHLY_REPORT', 'ESG_MONTHLY_REPORT', 'SFDR_PRECONTRACTUAL']);
    expect(offer.fund.find((d) => d.code === 'MONTHLY_REPORT')).toEqual({
      code: 'MONTHLY_REPORT',
      title: 'Monthly report',
      url: '/e/es/docs/funds/aurore-x/MONTHLY_REPORT',
      size: null,
      locale: null,
      tagged: null,
    });
  });

  it('offers the KID of every share class, built from its ISIN when none was found', () => {
    expect(offer.shares.map((s) => s.documents.map((d) => d.url))).toEqual([
      ['/e/en/docs/funds/aurore-x/FR0000000001/KIID'],
      ['/e/es/docs/funds/aurore-x/FR0000000002/KIID'],
    ]);
  });
});

describe('esgDocuments', () => {
  it('keeps the ESG report and the SFDR disclosures, in order', () => {
    const offer = documentOffer({ locale: 'es', fund, shares, types: TYPES, checkDocuments: false });
    expect(esgDocuments(offer.fund).map((d) => d.code)).toEqual(['ESG_MONTHLY_REPORT', 'SFDR_PRECONTRACTUAL']);
  });
});
