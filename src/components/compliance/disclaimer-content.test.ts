import { describe, expect, it } from 'vitest';
import { paragraphs, toDisclaimerContent } from './disclaimer-content';

describe('disclaimer popup content', () => {
  const response = {
    pages: [
      {
        code: 'disclaimers',
        title: 'Terms of access',
        components: [
          {
            code: 'disclaimers',
            texts: [
              { code: 'title', content: 'General terms' },
              { code: 'main', content: 'First <b>bold</b>.\n\nSecond.\n \n\nThird.' },
              { code: 'performances-passees', content: 'Past performance…' },
            ],
          },
        ],
      },
    ],
    investorProfiles: [{ code: 'RETAIL', title: 'Retail investor', description: 'You invest personally.' }],
  };

  it('takes the title and main text of the disclaimers page and the profiles of the language', () => {
    expect(toDisclaimerContent(response)).toEqual({
      title: 'General terms',
      main: 'First <b>bold</b>.\n\nSecond.\n \n\nThird.',
      profiles: response.investorProfiles,
    });
  });

  it('falls back to the page title, and to empty texts when the page is missing', () => {
    const noTitle = { ...response, pages: [{ code: 'disclaimers', title: 'Terms of access', components: [{ code: 'disclaimers', texts: [{ code: 'main', content: 'x' }] }] }] };
    expect(toDisclaimerContent(noTitle).title).toBe('Terms of access');
    expect(toDisclaimerContent({ pages: [], investorProfiles: [] })).toEqual({ title: '', main: '', profiles: [] });
  });

  it('splits paragraphs on blank lines and drops empty ones', () => {
    expect(paragraphs('First <b>bold</b>.\n\nSecond.\n \n\nThird.')).toEqual(['First <b>bold</b>.', 'Second.', 'Third.']);
    expect(paragraphs('  ')).toEqual([]);
  });
});
