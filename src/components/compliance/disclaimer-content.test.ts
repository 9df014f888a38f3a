import { describe, expect, it } from 'vitest';
import { paragraphs } from './disclaimer-content';

describe('disclaimer popup content', () => {
  it('splits paragraphs on blank lines and drops empty ones', () => {
    expect(paragraphs('First <b>bold</b>.\n\nSecond.\n \n\nThird.')).toEqual(['First <b>bold</b>.', 'Second.', 'Third.']);
    expect(paragraphs('  ')).toEqual([]);
  });
});
