import { describe, expect, it } from 'vitest';
import { flashed, pageHref } from './admin-list-query';

describe('flashed', () => {
  const messages = { invited: 'Invitation sent.' };
  it('gives the message of a key the page knows', () => {
    expect(flashed({ done: 'invited' }, 'done', messages)).toBe('Invitation sent.');
  });
  it('says nothing of an unknown key, a repeated parameter, or a key of the prototype', () => {
    expect(flashed({ done: 'other' }, 'done', messages)).toBeUndefined();
    expect(flashed({ done: ['invited', 'invited'] }, 'done', messages)).toBeUndefined();
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(flashed({ done: key }, 'done', messages)).toBeUndefined();
    expect(flashed({ error: 'invited' }, 'error', undefined)).toBeUndefined();
  });
});

describe('pageHref', () => {
  it('keeps the filters that have a value, encoded, and sets the page', () => {
    expect(pageHref('/admin/audit', [{ name: 'entity', value: 'fund' }, { name: 'person', value: '' }, { name: 'to' }, { name: 'q', value: 'a&b=c' }], 3)).toBe('/admin/audit?entity=fund&q=a%26b%3Dc&page=3');
  });
});
