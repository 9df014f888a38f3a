import { describe, expect, it } from 'vitest';
import { isLinkTextCode, isSafeLink, LINK_MAX_LENGTH, linkKind, safeLink } from './link-target';

describe('linkKind: what a stored link may be', () => {
  it('accepts https addresses, mailto, tel and site paths', () => {
    expect(linkKind('https://www.linkedin.com/company/aurore')).toBe('https');
    expect(linkKind('HTTPS://Example.org/a?b=c#d')).toBe('https');
    expect(linkKind('https://example.org:8443/path%20with%20space')).toBe('https');
    expect(linkKind('mailto:press@fundhouse.example')).toBe('mailto');
    expect(linkKind('MAILTO:a@b.example,c@d.example?subject=Hello%20there')).toBe('mailto');
    expect(linkKind('tel:+33142000000')).toBe('tel');
    expect(linkKind('tel:+33-1-42-00-00-00')).toBe('tel');
    expect(linkKind('/fr/contact')).toBe('path');
    expect(linkKind('/')).toBe('path');
    expect(linkKind('/fr/actualites?page=2#top')).toBe('path');
    expect(linkKind('/e/fr/docs/funds/aurore/DICI')).toBe('path');
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['javascript://example.org/%0aalert(1)'],
    [' javascript:alert(1)'],
    ['\tjavascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['java\rscript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['\u001fjavascript:alert(1)'],
    ['\u200bjavascript:alert(1)'],
    ['\ufeffjavascript:alert(1)'],
    ['javascript\u00a0:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['DATA:text/html,<script>alert(1)</script>'],
    ['file:///etc/passwd'],
    ['blob:https://example.org/uuid'],
    ['http://example.org'],
    ['ftp://example.org'],
    ['//evil.example'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/%5Cevil.example\\'],
    ['javascript%3Aalert(1)'],
    ['javascript&colon;alert(1)'],
    ['&#106;avascript:alert(1)'],
    ['&#x6A;avascript:alert(1)'],
    ['%6Aavascript:alert(1)'],
    ['jav&#x09;ascript:alert(1)'],
    ['fr/contact'],
    ['contact'],
    ['#section'],
    ['?q=1'],
    [''],
    [' '],
    ['https:evil.example'],
    ['https:/evil.example'],
    ['https://bank.example@evil.example/'],
    ['https://user:pass@example.org/'],
    ['https://localhost/'],
    ['https://'],
    ['https://exa mple.org'],
    ['https://example.org/"onmouseover="alert(1)'],
    ["https://example.org/'onmouseover='alert(1)"],
    ['https://example.org/<script>'],
    ['/fr/contact "x'],
    ['mailto:'],
    ['mailto:javascript:alert(1)'],
    ['mailto:not-an-address'],
    ['tel:'],
    ['tel:javascript:alert(1)'],
    ['tel:+33 1 42'],
  ])('refuses %j', (value) => {
    expect(linkKind(value)).toBeNull();
    expect(isSafeLink(value)).toBe(false);
    expect(safeLink(value)).toBeNull();
  });

  it('refuses values that are not strings, and links too long', () => {
    for (const value of [null, undefined, 42, {}, ['https://example.org']]) expect(linkKind(value)).toBeNull();
    const long = `https://example.org/${'a'.repeat(LINK_MAX_LENGTH)}`;
    expect(linkKind(long)).toBeNull();
    expect(linkKind(long.slice(0, LINK_MAX_LENGTH))).toBe('https');
  });

  it('keeps a valid link unchanged, and only of the kinds asked for', () => {
    expect(safeLink('https://example.org/a')).toBe('https://example.org/a');
    expect(safeLink(null)).toBeNull();
    expect(safeLink('/fr', ['https'])).toBeNull();
    expect(safeLink('mailto:a@b.example', ['https'])).toBeNull();
    expect(isSafeLink('https://example.org', ['https'])).toBe(true);
  });

  it('knows which component texts are links', () => {
    expect(isLinkTextCode('group-url')).toBe(true);
    expect(isLinkTextCode('private-bank-url')).toBe(true);
    expect(isLinkTextCode('group-title')).toBe(false);
    expect(isLinkTextCode('url-title')).toBe(false);
  });
});
