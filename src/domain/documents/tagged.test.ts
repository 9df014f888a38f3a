import { describe, expect, it } from 'vitest';
import { isTaggedPdf } from './tagged';

describe('isTaggedPdf', () => {
  it('is true only for a marked PDF with a structure tree', () => {
    expect(isTaggedPdf({ marked: true, structTreeRoot: true })).toBe(true);
  });

  it('is false when the mark or the structure tree is missing', () => {
    expect(isTaggedPdf({ marked: false, structTreeRoot: true })).toBe(false);
    expect(isTaggedPdf({ marked: true, structTreeRoot: false })).toBe(false);
    expect(isTaggedPdf({ marked: false, structTreeRoot: false })).toBe(false);
  });

  it('is unknown (null) when the catalog could not be read', () => {
    expect(isTaggedPdf(null)).toBeNull();
  });
});
