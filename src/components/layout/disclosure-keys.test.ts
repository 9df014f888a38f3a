import { describe, expect, it } from 'vitest';
import { disclosureKeyTarget } from './disclosure-keys';

describe('disclosureKeyTarget', () => {
  it('goes from the button to the first link on ArrowDown only', () => {
    expect(disclosureKeyTarget('ArrowDown', -1, 5, true)).toBe(0);
    expect(disclosureKeyTarget('ArrowUp', -1, 5, true)).toBeNull();
    expect(disclosureKeyTarget('Enter', -1, 5, true)).toBeNull();
  });

  it('moves between the links, stopping at the ends', () => {
    expect(disclosureKeyTarget('ArrowDown', 1, 5, false)).toBe(2);
    expect(disclosureKeyTarget('ArrowDown', 4, 5, false)).toBe(4);
    expect(disclosureKeyTarget('ArrowUp', 2, 5, false)).toBe(1);
    expect(disclosureKeyTarget('ArrowUp', 0, 5, false)).toBe(0);
    expect(disclosureKeyTarget('Home', 3, 5, false)).toBe(0);
    expect(disclosureKeyTarget('End', 0, 5, false)).toBe(4);
  });

  it('leaves other keys, a focus outside the links and an empty list alone', () => {
    expect(disclosureKeyTarget('Tab', 1, 5, false)).toBeNull();
    expect(disclosureKeyTarget('ArrowDown', -1, 5, false)).toBeNull();
    expect(disclosureKeyTarget('ArrowDown', -1, 0, true)).toBeNull();
  });
});
