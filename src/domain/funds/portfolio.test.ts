import { describe, expect, it } from 'vitest';
import { allocationGroups, allocationLabel, barLength, formatWeight, type Allocation } from './portfolio';

const A = (dimension: Allocation['dimension'], code: string, label: string, weight: number): Allocation => ({ dimension, code, label, weight });

const allocations: Allocation[] = [
  A('currency', 'EUR', 'Euro', 1),
  A('sector', 'utilities', 'Utilities', 0.2),
  A('sector', 'industrials', 'Industrials', 0.5),
  A('sector', 'energy', 'Énergie', 0.15),
  A('sector', 'cash', 'Cash', 0.15),
  A('asset_class', 'equity', 'Equities', 0.981),
  A('asset_class', 'cash', 'Cash', 0.019),
];

describe('allocationGroups', () => {
  it('orders the dimensions asset class, sector, country, currency and leaves out the missing ones', () => {
    expect(allocationGroups(allocations, 'en').map((g) => g.dimension)).toEqual(['asset_class', 'sector', 'currency']);
  });

  it('sorts each group largest weight first, equal weights by label in the language', () => {
    const sectors = allocationGroups(allocations, 'fr').find((g) => g.dimension === 'sector');
    expect(sectors?.rows.map((r) => r.code)).toEqual(['industrials', 'utilities', 'cash', 'energy']);
  });

  it('does not reorder the list it is given', () => {
    const copy = [...allocations];
    allocationGroups(allocations, 'en');
    expect(allocations).toEqual(copy);
  });
});

describe('allocationLabel', () => {
  it('finds the label of a code in its dimension, else gives the code', () => {
    expect(allocationLabel(allocations, 'sector', 'cash')).toBe('Cash');
    expect(allocationLabel(allocations, 'country', 'FR')).toBe('FR');
  });
});

describe('formatWeight', () => {
  it('writes a weight as a percentage with one decimal, in each language, without a plus sign', () => {
    expect(formatWeight(0.041, 'en')).toBe('4.1%');
    expect(formatWeight(0.041, 'fr')).toBe('4,1\u00a0%');
    expect(formatWeight(0.041, 'es')).toBe('4,1\u00a0%');
    expect(formatWeight(0.9815, 'en')).toBe('98.2%');
    expect(formatWeight(0, 'en')).toBe('0.0%');
  });
});

describe('barLength', () => {
  it('scales a weight to the largest of its table', () => {
    expect(barLength(0.5, 0.5)).toBe('100%');
    expect(barLength(0.041, 0.082)).toBe('50%');
    expect(barLength(0.019, 0.981)).toBe('1.9%');
  });

  it('is empty for nothing to draw', () => {
    expect(barLength(0, 0.5)).toBe('0%');
    expect(barLength(0.1, 0)).toBe('0%');
    expect(barLength(-0.1, 0.5)).toBe('0%');
  });
});
