import { describe, expect, it } from 'vitest';
import { formatCostAmount, formatCostRate } from './format';

// Intl writes a narrow no-break space (U+202F) or a no-break space (U+00A0) where French and Spanish put a space.
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('cost formats', () => {
  it('writes a rate as a percentage with two decimals and no sign, as each language does', () => {
    expect(formatCostRate(0.019, 'en')).toBe('1.90%');
    expect(spaces(formatCostRate(0.019, 'fr'))).toBe('1,90 %');
    expect(spaces(formatCostRate(0.019, 'es'))).toBe('1,90 %');
    expect(formatCostRate(0, 'en')).toBe('0.00%');
  });

  it('writes an amount in its currency to the cent, with the language’s separators', () => {
    expect(formatCostAmount(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(spaces(formatCostAmount(1234.5, 'EUR', 'fr'))).toBe('1 234,50 €');
    expect(spaces(formatCostAmount(1234.5, 'USD', 'es'))).toBe('1234,50 US$');
    expect(formatCostAmount(0, 'EUR', 'en')).toBe('€0.00');
  });
});
