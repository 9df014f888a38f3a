import { describe, expect, it } from 'vitest';
import { FUND_TABS, fundTabPath, resolveTabSegment } from './tabs';

describe('resolveTabSegment', () => {
  it('recognises every tab but the overview as a segment of its own', () => {
    for (const tab of ['characteristics', 'performances', 'portfolio', 'documents', 'news']) {
      expect(resolveTabSegment(tab)).toEqual({ type: 'tab', tab });
    }
  });

  it('sends the overview segment to the fund page itself', () => {
    expect(resolveTabSegment('overview')).toEqual({ type: 'default' });
  });

  it('knows nothing else: other words, other cases, the shares segment, encoded or empty segments', () => {
    for (const segment of ['esg', 'Documents', 'PERFORMANCES', 'shares', '', 'news ', 'news%20', '..', 'constructor', '__proto__']) {
      expect(resolveTabSegment(segment), segment).toEqual({ type: 'unknown' });
    }
  });
});

describe('fundTabPath', () => {
  it('puts the overview at the fund URL and each other tab one segment below, the same in every language', () => {
    expect(fundTabPath('fr', 'aurore-patrimoine', 'overview')).toBe('/fr/funds/aurore-patrimoine');
    expect(fundTabPath('en', 'aurore-patrimoine', 'portfolio')).toBe('/en/funds/aurore-patrimoine/portfolio');
    expect(fundTabPath('es', 'aurore-credit-euro', 'news')).toBe('/es/funds/aurore-credit-euro/news');
  });

  it('gives each tab a distinct URL', () => {
    expect(new Set(FUND_TABS.map((t) => fundTabPath('en', 'f', t))).size).toBe(FUND_TABS.length);
  });
});
