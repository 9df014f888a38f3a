import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'CV Hélène "final".pdf')).toBe(
      `attachment; filename="CV Helene _final_.pdf"; filename*=UTF-8''CV%20H%C3%A9l%C3%A8ne%20%22final%22.pdf`,
    );
    expect(contentDisposition('inline', 'kid.pdf')).toBe(`inline; filename="kid.pdf"; filename*=UTF-8''kid.pdf`);
  });

  it('falls back to a given name when nothing ASCII is left, and never lets a line break through', () => {
    expect(contentDisposition('inline', '报告', 'document.pdf')).toMatch(/^inline; filename="document\.pdf"; filename\*=UTF-8''%E6%8A%A5%E5%91%8A$/);
    expect(contentDisposition('attachment', 'a\r\nSet-Cookie: x=1.pdf')).not.toMatch(/[\r\n]/);
  });
});
