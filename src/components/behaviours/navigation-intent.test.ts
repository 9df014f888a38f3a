import { describe, expect, it } from 'vitest';
import { classifyLinkClick, classifyPopstate, type ClickInfo, type LinkInfo } from './navigation-intent';

const current = new URL('https://funds.example/fr/actualites?page=2#top');
const click: ClickInfo = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const link = (href: string | null, extra: Partial<LinkInfo> = {}): LinkInfo => ({ href, target: null, download: false, ...extra });
const kindOf = (info: LinkInfo, c: ClickInfo = click) => classifyLinkClick(c, info, current)?.kind ?? null;

describe('classifyLinkClick', () => {
  it('sees a same-origin link to another page as a page navigation', () => {
    expect(kindOf(link('/en/news'))).toBe('page');
    expect(kindOf(link('https://funds.example/fr/contact'))).toBe('page');
    expect(kindOf(link('?page=3'))).toBe('page');
    expect(kindOf(link('/fr/actualites/c/marches#news'))).toBe('page');
    expect(classifyLinkClick(click, link('/en/news?x=1'), current)?.url.href).toBe('https://funds.example/en/news?x=1');
  });

  it('sees a hash on the same page as an in-page jump', () => {
    expect(kindOf(link('#news'))).toBe('hash');
    expect(kindOf(link('/fr/actualites?page=2#team'))).toBe('hash');
  });

  it('ignores a bare link to the page already shown', () => {
    expect(kindOf(link('/fr/actualites?page=2'))).toBeNull();
  });

  it('ignores new-tab, modified and non-primary clicks', () => {
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) expect(kindOf(link('/en'), { ...click, [key]: true })).toBeNull();
    expect(kindOf(link('/en'), { ...click, button: 1 })).toBeNull();
    expect(kindOf(link('/en', { target: '_blank' }))).toBeNull();
    expect(kindOf(link('/en', { target: 'other' }))).toBeNull();
    expect(kindOf(link('/en', { target: '_self' }))).toBe('page');
  });

  it('ignores downloads, external links, other schemes and clicks already handled', () => {
    expect(kindOf(link('/e/fr/docs/funds/a/KIID', { download: true }))).toBeNull();
    expect(kindOf(link('https://group.example/'))).toBeNull();
    expect(kindOf(link('http://funds.example/fr'))).toBeNull();
    expect(kindOf(link('mailto:press@funds.example'))).toBeNull();
    expect(kindOf(link('tel:+33100000000'))).toBeNull();
    expect(kindOf(link('javascript:void(0)'))).toBeNull();
    expect(kindOf(link(''))).toBeNull();
    expect(kindOf(link(null))).toBeNull();
    expect(kindOf(link('/en'), { ...click, defaultPrevented: true })).toBeNull();
  });
});

describe('classifyPopstate', () => {
  it('is a hash change when path and query match the page shown', () => {
    expect(classifyPopstate(new URL('https://funds.example/fr?a=1#x'), { pathname: '/fr', search: '?a=1' })).toBe('hash');
    expect(classifyPopstate(new URL('https://funds.example/fr?a=2'), { pathname: '/fr', search: '?a=1' })).toBe('page');
    expect(classifyPopstate(new URL('https://funds.example/en'), { pathname: '/fr', search: '' })).toBe('page');
    expect(classifyPopstate(new URL('https://funds.example/en'), null)).toBe('page');
  });
});
