import { company } from '../../src/server/db/seed/fixtures/content/company';

/**
 * Message texts as the demo house shows them: `{company}` replaced by the seeded house's name, for
 * browser tests that find an element by the sentence a visitor reads.
 */
export function withCompany<T>(messages: T, locale: 'fr' | 'en' | 'es'): T {
  const name = company.title[locale];
  return JSON.parse(JSON.stringify(messages).replaceAll('{company}', name.replaceAll('"', '\\"'))) as T;
}
