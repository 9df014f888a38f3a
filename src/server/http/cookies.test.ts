import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; investor_profile=INSTIT; b=2', 'investor_profile')).toBe('INSTIT');
    expect(readCookie('apollo-token=abc%20def', 'apollo-token')).toBe('abc def');
  });

  it('returns null when absent and never throws on a malformed value', () => {
    expect(readCookie(null, 'x')).toBeNull();
    expect(readCookie('xinvestor_profile=1', 'investor_profile')).toBeNull();
    expect(readCookie('investor_profile=%E0%A4%A', 'investor_profile')).toBe('%E0%A4%A');
  });
});
