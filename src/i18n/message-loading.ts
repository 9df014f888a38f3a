/**
 * Loading a language's messages for next-intl (src/i18n/request.ts), with the two warnings of
 * docs/product.md §8: an unknown locale code falls back to French, and a missing language file of one area
 * falls back to that area's French file. Each is logged once per process and file or code, not on
 * every request; codes come from requests, so at most UNKNOWN_CODES_REMEMBERED are remembered
 * (then one last warning says further codes go unlogged), and a code is logged cut to 32 characters.
 */
import { MESSAGE_AREAS, type MessageArea } from './messages';

export const UNKNOWN_CODES_REMEMBERED = 50;
const CODE_SHOWN = 32;

export type Messages = Record<string, unknown>;

export type MessageLoaderOptions<L extends string> = {
  locales: readonly L[];
  fallback: L;
  /** Reads messages/{area}/{locale}.json; rejects when the file does not exist. */
  load: (area: MessageArea, locale: L) => Promise<Messages>;
  /** A warning: an event name, its fields, and a sentence. */
  warn: (event: 'unknown-locale' | 'missing-language-file', fields: Record<string, string>, message: string) => void;
};

export function createMessageLoader<L extends string>({ locales, fallback, load, warn }: MessageLoaderOptions<L>) {
  const missingFiles = new Set<string>();
  const unknownCodes = new Set<string>();
  let unknownCodesFull = false;

  const unknownLocale = (code: string): void => {
    const shown = code.slice(0, CODE_SHOWN);
    if (unknownCodes.has(shown) || unknownCodesFull) return;
    if (unknownCodes.size >= UNKNOWN_CODES_REMEMBERED) {
      unknownCodesFull = true;
      warn('unknown-locale', {}, `More than ${UNKNOWN_CODES_REMEMBERED} unknown locale codes asked: further ones are no longer logged.`);
      return;
    }
    unknownCodes.add(shown);
    warn('unknown-locale', { code: shown }, `Unknown locale code "${shown}": the messages of "${fallback}" are used.`);
  };

  const areaMessages = async (area: MessageArea, locale: L): Promise<Messages> => {
    if (locale === fallback) return load(area, locale);
    try {
      return await load(area, locale);
    } catch {
      const file = `messages/${area}/${locale}.json`;
      if (!missingFiles.has(file)) {
        missingFiles.add(file);
        warn('missing-language-file', { file, locale }, `Missing language file ${file}: the "${fallback}" texts of that area are shown instead.`);
      }
      return load(area, fallback);
    }
  };

  return {
    /** The locale to render (the requested one if known, else the fallback) and its messages. */
    async messagesFor(requested: string | undefined): Promise<{ locale: L; messages: Messages }> {
      let locale = fallback;
      if ((locales as readonly string[]).includes(requested ?? '')) locale = requested as L;
      else if (requested) unknownLocale(requested);
      const parts = await Promise.all(MESSAGE_AREAS.map((area) => areaMessages(area, locale)));
      return { locale, messages: Object.assign({}, ...parts) as Messages };
    },
  };
}
