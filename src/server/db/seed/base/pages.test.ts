import { describe, expect, it } from 'vitest';
import { PAGE_CODES } from '@/domain/catalog';
import { baseCompanyName } from '@/domain/content/base-house';
import { templateGaps, TEMPLATE_GAP } from '@/domain/content/country-page';
import { PAGE_LIMITS } from '@/domain/content/page-edit';
import { sanitizeRichText } from '@/domain/content/rich-text';
import { baseCompany } from './company';
import { basePages } from './pages';

const LOCALES = ['fr', 'en', 'es'] as const;
/** The demo houses' names, in any case. */
const DEMO_HOUSES = /aurore|meridian fund/i;
const everyText = (name = 'Maison Test') => {
  const pages = basePages(baseCompanyName(name));
  return pages.flatMap((p) => [p.title, p.description, ...p.components.flatMap((c) => c.texts.map((t) => t.content))]);
};

describe('the base pages of an empty start', () => {
  it('are every page of PAGE_CODES, in its order', () => {
    expect(basePages(baseCompanyName(null)).map((p) => p.code)).toEqual([...PAGE_CODES]);
  });

  it('have every text in fr, en and es, each one different from the others somewhere (really translated)', () => {
    for (const value of everyText()) for (const l of LOCALES) expect(value[l].trim(), JSON.stringify(value)).not.toBe('');
    for (const l of ['en', 'es'] as const) expect(everyText().some((v) => v[l] !== v.fr)).toBe(true);
  });

  it('name the configured house and never the demo one', () => {
    const texts = everyText('Gestion du Levant').flatMap((v) => LOCALES.map((l) => v[l]));
    expect(texts.some((s) => s.includes('Gestion du Levant'))).toBe(true);
    expect(texts.filter((s) => DEMO_HOUSES.test(s))).toEqual([]);
    const company = baseCompany(baseCompanyName('Gestion du Levant'));
    expect(company.title).toEqual({ fr: 'Gestion du Levant', en: 'Gestion du Levant', es: 'Gestion du Levant' });
    expect(JSON.stringify(company)).not.toMatch(DEMO_HOUSES);
  });

  it('leave what only the house knows as gaps of the back-office templates, on the legal pages in every language', () => {
    const pages = basePages(baseCompanyName('Maison Test'));
    for (const code of ['legal-notices', 'rgpd', 'accessibility', 'about-us', 'contact', 'regulatory-informations'] as const) {
      const page = pages.find((p) => p.code === code)!;
      const gaps = templateGaps(page);
      for (const l of LOCALES) expect(gaps.some((g) => g.endsWith(`.${l}`)), `${code} ${l}`).toBe(true);
    }
    // The home page and the fund range read as they are: nothing to fill before they make sense.
    for (const code of ['home', 'fund-range', 'news'] as const) expect(templateGaps(pages.find((p) => p.code === code)!)).toEqual([]);
    expect(TEMPLATE_GAP).toBe('[…]');
  });

  it('keep only the marks the rich-text cleaner keeps', () => {
    for (const value of everyText()) for (const l of LOCALES) expect(sanitizeRichText(value[l])).toBe(value[l]);
  });

  it('stay within what the back-office saves, even for the longest name COMPANY_NAME takes', () => {
    for (const page of basePages(baseCompanyName('N'.repeat(120)))) {
      for (const l of LOCALES) {
        expect(page.title[l].length, `${page.code} title`).toBeLessThanOrEqual(PAGE_LIMITS.title);
        expect(page.description[l].length, `${page.code} description`).toBeLessThanOrEqual(PAGE_LIMITS.description);
        for (const c of page.components) for (const x of c.texts) expect(x.content[l].length).toBeLessThanOrEqual(PAGE_LIMITS.text);
      }
      // Title and description are plain text in the page form.
      expect(JSON.stringify([page.title, page.description])).not.toMatch(/</);
    }
  });

  it('write the French preposition before the name as French does', () => {
    const home = (name: string) => basePages(baseCompanyName(name)).find((p) => p.code === 'home')!.description.fr;
    expect(home('Orion Gestion')).toContain('site d’Orion Gestion');
    expect(home('Gestion du Levant')).toContain('site de Gestion du Levant');
  });
});
