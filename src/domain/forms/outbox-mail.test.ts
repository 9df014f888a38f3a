import { describe, expect, it } from 'vitest';
import { isMailKind, LINK_MARKER, withLink, withoutTokenLinks } from './outbox-mail';

describe('outbox mail kinds and links', () => {
  it('knows the four kinds only', () => {
    expect(['submission', 'newsletter', 'account', 'alert'].every(isMailKind)).toBe(true);
    expect(isMailKind('Account')).toBe(false);
    expect(isMailKind(undefined)).toBe(false);
  });

  it('puts the link in place of the marker, and refuses a text without exactly one marker', () => {
    const url = 'https://www.example.test/admin/set-password?token=abc';
    expect(withLink(`Open:\n\n${LINK_MARKER}\n\nBye`, url)).toBe(`Open:\n\n${url}\n\nBye`);
    expect(() => withLink('Open: nothing', url)).toThrow();
    expect(() => withLink(`${LINK_MARKER} ${LINK_MARKER}`, url)).toThrow();
  });

  it('takes token links out of an old text, and leaves other links alone', () => {
    const old = 'Choose it:\n\nhttps://site.test/admin/set-password?token=Zx_9-a%2B\n\nSee https://site.test/en/funds?x=1 and /fr/unsubscribe?a=1&token=q.';
    const cleaned = withoutTokenLinks(old);
    expect(cleaned).not.toMatch(/token=/);
    expect(cleaned).toContain('https://site.test/en/funds?x=1');
    expect(cleaned.split(LINK_MARKER)).toHaveLength(3);
  });
});
