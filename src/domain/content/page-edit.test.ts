import { describe, expect, it } from 'vitest';
import { countryOfPage, diffPages, hasMarkup, isPageCode, pageChangeScope, PAGE_LIMITS, readPageForm, textField, type PageSnapshot } from './page-edit';

const structure: PageSnapshot = {
  title: { fr: 'Titre', en: 'Title' },
  description: { fr: 'Description' },
  components: [{ code: 'intro', texts: [{ code: 'title', content: { fr: 'Intro' } }, { code: 'text', content: { fr: 'Corps <b>gras</b>' } }] }],
};

const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? '', getAll: () => [] });

describe('readPageForm', () => {
  it('reads the stored structure only, cleans texts with markup and keeps missing translations missing', () => {
    const { snapshot, errors } = readPageForm(
      form({
        'title.fr': ' Titre ',
        'title.es': 'Título',
        'description.fr': 'Desc',
        [`${textField('intro', 'title')}.fr`]: 'Intro',
        [`${textField('intro', 'text')}.fr`]: 'Un <b>mot</b><script>alert(1)</script>\r\n\r\nfin',
        [`${textField('intro', 'text')}.en`]: '   ',
        [`${textField('other', 'text')}.fr`]: 'not read',
      }),
      structure,
    );
    expect(errors).toEqual({});
    expect(snapshot).toEqual({
      title: { fr: 'Titre', es: 'Título' },
      description: { fr: 'Desc' },
      components: [{ code: 'intro', texts: [{ code: 'title', content: { fr: 'Intro' } }, { code: 'text', content: { fr: 'Un <b>mot</b>\n\nfin' } }] }],
    });
  });

  it('names every bad field: French missing (or nothing left once cleaned), too long, markup in a title, control characters', () => {
    const { errors } = readPageForm(
      form({
        'title.fr': 'Titre',
        'title.en': 'A <i>title</i>',
        'description.fr': 'x'.repeat(PAGE_LIMITS.description + 1),
        'description.es': 'bell\u0007',
        [`${textField('intro', 'title')}.fr`]: '',
        [`${textField('intro', 'text')}.fr`]: '<img src=x onerror=alert(1)>',
      }),
      structure,
    );
    expect(errors).toEqual({
      'title.en': 'markup',
      'description.fr': 'too-long',
      'description.es': 'control',
      [`${textField('intro', 'title')}.fr`]: 'required',
      [`${textField('intro', 'text')}.fr`]: 'required',
    });
  });
});

describe('diffPages and pageChangeScope', () => {
  it('finds the changed texts, nothing when equal', () => {
    expect(diffPages(structure, structure)).toBeNull();
    const after = structuredClone(structure);
    after.components[0]!.texts[1]!.content.es = 'Cuerpo';
    expect(diffPages(structure, after)).toEqual({ texts: { 'intro/text': { before: { fr: 'Corps <b>gras</b>' }, after: { fr: 'Corps <b>gras</b>', es: 'Cuerpo' } } } });
  });

  it('expires everything for a title, the about-us page or the disclaimers; the page and home otherwise', () => {
    expect(pageChangeScope('legal-notices', {})).toEqual({ pages: ['legal-notices', 'home'] });
    expect(pageChangeScope('news', {})).toEqual({ pages: ['news', 'home'], news: true });
    expect(pageChangeScope('home', {})).toEqual({ pages: ['home'] });
    expect(pageChangeScope('legal-notices', { title: { before: { fr: 'a' }, after: { fr: 'b' } } })).toEqual({ all: true });
    expect(pageChangeScope('about-us', {})).toEqual({ all: true });
    expect(pageChangeScope('disclaimers', {})).toEqual({ all: true });
  });

  it('tells texts with markup from plain ones', () => {
    expect(hasMarkup('a <b>b</b>')).toBe(true);
    expect(hasMarkup('R&amp;D')).toBe(true);
    expect(hasMarkup('3 < 4 and 5 > 2')).toBe(false);
    expect(hasMarkup(undefined)).toBe(false);
  });
});

describe('countries’ information pages', () => {
  it('accepts country-{CODE} page codes and names their country; nothing else upper-case', () => {
    expect(isPageCode('country-FR')).toBe(true);
    expect(isPageCode('country-INT')).toBe(true);
    expect(countryOfPage('country-CH')).toBe('CH');
    expect(countryOfPage('legal-notices')).toBeNull();
    for (const bad of ['country-fr', 'country-FRA1', 'Country-FR', 'country-F', 'LEGAL', 'country-FR/../x']) {
      expect(countryOfPage(bad)).toBeNull();
    }
    expect(isPageCode('LEGAL')).toBe(false);
    expect(isPageCode('country-FR/../x')).toBe(false);
  });
});
