import { describe, expect, it } from 'vitest';
import { decodeChange, encodeChange, MAX_NOTIFY_BYTES } from './publication';

describe('change messages', () => {
  it('round-trip, and anything else on the channel is ignored', () => {
    const message = { origin: 'p1', scope: { funds: [{ slug: 'a', shares: ['b'] }], news: true, notices: true } };
    expect(decodeChange(encodeChange(message))).toEqual(message);
    expect(decodeChange('not json')).toBeNull();
    expect(decodeChange('{"origin":1,"scope":{}}')).toBeNull();
    expect(decodeChange('{"origin":"x","scope":{"funds":[{"nope":1}]}}')).toBeNull();
    expect(decodeChange(undefined)).toBeNull();
  });

  it('become "everything" when too long for a NOTIFY', () => {
    const funds = Array.from({ length: 400 }, (_, i) => ({ slug: `fund-number-${i}`, shares: [`share-${i}`] }));
    const text = encodeChange({ origin: 'p', scope: { funds } });
    expect(text.length).toBeLessThan(MAX_NOTIFY_BYTES);
    expect(decodeChange(text)).toEqual({ origin: 'p', scope: { all: true } });
  });
});
