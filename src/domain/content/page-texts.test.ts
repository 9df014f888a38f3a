import { describe, expect, it } from 'vitest';
import type { PageView } from '../model';
import { findComponent, numberedItems, otherComponents, textOf } from './page-texts';

const page: PageView = {
  code: 'about-us',
  title: 'About us',
  description: '',
  route: '/en/about-us',
  components: [
    { code: 'intro', texts: [{ code: 'title', content: 'Intro' }] },
    {
      code: 'values',
      texts: [
        { code: 'title', content: 'Our values' },
        { code: 'value-10-title', content: 'Tenth' },
        { code: 'value-2-text', content: 'Second text' },
        { code: 'value-2-title', content: 'Second' },
        { code: 'value-1-title', content: 'First' },
        { code: 'values-1-title', content: 'not an item of value' },
        { code: 'label-1', content: 'ignored here' },
      ],
    },
  ],
};

describe('page texts', () => {
  it('finds components and texts by code, empty when absent', () => {
    expect(findComponent(page, 'values')?.texts[0]?.content).toBe('Our values');
    expect(textOf(findComponent(page, 'intro'), 'title')).toBe('Intro');
    expect(textOf(findComponent(page, 'intro'), 'text')).toBe('');
    expect(textOf(findComponent(page, 'nope'), 'title')).toBe('');
  });

  it('groups numbered texts into items in numeric order', () => {
    expect(numberedItems(findComponent(page, 'values'), 'value')).toEqual([{ title: 'First' }, { title: 'Second', text: 'Second text' }, { title: 'Tenth' }]);
    expect(numberedItems(findComponent(page, 'values'), 'label')).toEqual([{ '': 'ignored here' }]);
    expect(numberedItems(undefined, 'value')).toEqual([]);
  });

  it('lists the components a layout does not place itself', () => {
    expect(otherComponents(page, 'intro').map((c) => c.code)).toEqual(['values']);
  });
});
