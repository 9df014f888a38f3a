/**
 * docs/product.md §2: DOCUMENT_CHECK=false offers every document link without checking that the document
 * exists, on the share page as on the fund's tabs.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.DOCUMENT_CHECK = 'false';
});

// Read once by env(): set before anything reads it, and not left to another file of the same worker.
afterAll(() => {
  delete process.env.DOCUMENT_CHECK;
});

const { env } = await import('../../src/env');
const { SHARE_DOCUMENT_TYPES } = await import('../../src/domain/documents/fund-documents');
const { funds } = await import('../../src/server/db/seed/fixtures/funds');
const { getShare } = await import('../../src/server/funds/queries');
const { shareDocumentOffer } = await import('../../src/server/documents/offer-queries');

/** A share the seed publishes without one of its share-level documents. */
const fund = funds.find((f) => f.visibleTo.includes('RETAIL') && f.shares.some((s) => s.visibleTo.includes('RETAIL') && SHARE_DOCUMENT_TYPES.some((type) => !s.documents.includes(type))));
const share = fund?.shares.find((s) => s.visibleTo.includes('RETAIL') && SHARE_DOCUMENT_TYPES.some((type) => !s.documents.includes(type)));

describe('the share page documents with DOCUMENT_CHECK=false', () => {
  it('offer every share-level type, the missing ones on the document route with no size', async () => {
    expect(env().DOCUMENT_CHECK).toBe(false);
    const found = await getShare('en', fund?.slug ?? '', share?.slug ?? '', { profile: 'RETAIL', country: 'FR' });
    expect(found).not.toBeNull();
    const { fund: fundView, share: view } = found as NonNullable<typeof found>;
    const missing = SHARE_DOCUMENT_TYPES.filter((type) => !view.documents.some((d) => d.documentType.code === type));
    expect(missing.length).toBeGreaterThan(0);

    const offered = await shareDocumentOffer('en', fundView, view);
    expect(offered.map((d) => d.code)).toEqual(expect.arrayContaining([...SHARE_DOCUMENT_TYPES]));
    for (const type of missing) {
      expect(offered.find((d) => d.code === type)).toMatchObject({ url: `/e/en/docs/funds/${fundView.slug}/${view.isinCode}/${type}`, size: null, locale: null });
    }
  });

  it('offer only the documents that exist when the check is on', async () => {
    const found = await getShare('en', fund?.slug ?? '', share?.slug ?? '', { profile: 'RETAIL', country: 'FR' });
    const { fund: fundView, share: view } = found as NonNullable<typeof found>;
    const offered = await shareDocumentOffer('en', fundView, view, true);
    expect(offered.map((d) => d.code).sort()).toEqual(view.documents.map((d) => d.documentType.code).sort());
  });
});
