import { describe, expect, it, vi } from 'vitest';
import { createMessageLoader, UNKNOWN_CODES_REMEMBERED } from './message-loading';
import { MESSAGE_AREAS } from './messages';

type Locale = 'fr' | 'en' | 'es';

/** Every area file exists in French and English; Spanish lacks its 'fund' file. */
function setup() {
  const warn = vi.fn();
  const load = vi.fn(async (area: string, locale: Locale) => {
    if (locale === 'es' && area === 'fund') throw new Error(`Cannot find module '../../messages/${area}/${locale}.json'`);
    return { [`${area}-ns`]: { text: `${area} ${locale}` } };
  });
  const loader = createMessageLoader<Locale>({ locales: ['fr', 'en', 'es'], fallback: 'fr', load, warn });
  return { warn, load, loader };
}

describe('messages for a request (docs/product.md §8 warnings)', () => {
  it('loads every area of a known locale, without a warning', async () => {
    const { loader, warn } = setup();
    const { locale, messages } = await loader.messagesFor('en');
    expect(locale).toBe('en');
    expect(Object.keys(messages)).toHaveLength(MESSAGE_AREAS.length);
    expect(messages['core-ns']).toEqual({ text: 'core en' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns once per process about a missing language file and shows that area in French', async () => {
    const { loader, warn } = setup();
    for (let i = 0; i < 3; i += 1) {
      const { locale, messages } = await loader.messagesFor('es');
      expect(locale).toBe('es');
      expect(messages['fund-ns']).toEqual({ text: 'fund fr' });
      expect(messages['core-ns']).toEqual({ text: 'core es' });
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('missing-language-file', { file: 'messages/fund/es.json', locale: 'es' }, expect.stringContaining('messages/fund/es.json'));
  });

  it('warns once per unknown locale code, falls back to French, and says nothing of an absent one', async () => {
    const { loader, warn } = setup();
    for (let i = 0; i < 3; i += 1) {
      expect((await loader.messagesFor('de')).locale).toBe('fr');
      expect((await loader.messagesFor('pt')).locale).toBe('fr');
      expect((await loader.messagesFor(undefined)).locale).toBe('fr');
    }
    expect(warn.mock.calls.map(([event, fields]) => [event, fields])).toEqual([
      ['unknown-locale', { code: 'de' }],
      ['unknown-locale', { code: 'pt' }],
    ]);
  });

  it('remembers a bounded number of unknown codes, cut short, then stops logging them', async () => {
    const { loader, warn } = setup();
    await loader.messagesFor(`x${'y'.repeat(500)}`);
    expect(warn.mock.calls[0]?.[1]).toEqual({ code: `x${'y'.repeat(31)}` });
    for (let i = 0; i < UNKNOWN_CODES_REMEMBERED * 3; i += 1) await loader.messagesFor(`code-${i}`);
    // The long code, UNKNOWN_CODES_REMEMBERED - 1 others, then one "no longer logged" line.
    expect(warn).toHaveBeenCalledTimes(UNKNOWN_CODES_REMEMBERED + 1);
    expect(warn.mock.calls.at(-1)?.[2]).toMatch(/no longer logged/);
  });
});
