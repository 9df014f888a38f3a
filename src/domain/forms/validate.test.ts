import { describe, expect, it } from 'vitest';
import { largePdf, sampleExe, samplePdf } from '../../../tests/support/sample-documents';
import type { FieldDef } from './fields';
import { MAX_UPLOAD_BYTES } from './upload';
import { htmlPattern, validateField } from './validate';

const email: FieldDef = { name: 'email', kind: 'email', required: true, maxLength: 20, pattern: '.+@example\\.com' };
const phone: FieldDef = { name: 'phone', kind: 'tel', required: false, maxLength: 25, pattern: '\\+?[0-9 \\(\\)\\.\\-]{6,25}', patternError: 'phoneInvalid' };
const cv: FieldDef = { name: 'cv', kind: 'file', required: true, formats: ['pdf', 'doc', 'docx'], maxBytes: MAX_UPLOAD_BYTES };
const letter: FieldDef = { ...cv, name: 'letter', required: false };
const news: FieldDef = { name: 'n', kind: 'checkboxes', required: false, options: ['REP', 'AN'], minChecked: 1, minCheckedError: 'newsletterRequired' };

describe('validateField (docs/product.md §5)', () => {
  it('stops at the first failing rule, in the order required → type → maxlength → pattern', () => {
    expect(validateField(email, '')).toEqual({ code: 'required' });
    expect(validateField(email, '   ')).toEqual({ code: 'required' });
    // Not an e-mail, too long AND not matching the pattern: only the first rule is reported.
    expect(validateField(email, 'this is far too long for the field')).toEqual({ code: 'emailInvalid' });
    expect(validateField(email, 'someone@long-domain.org')).toEqual({ code: 'tooLong', params: { max: 20 } });
    expect(validateField(email, 'a@b.org')).toEqual({ code: 'patternInvalid' });
    expect(validateField(email, ' a@example.com ')).toBeNull();
  });

  it('skips an empty optional field, but checks it once filled', () => {
    expect(validateField(phone, '')).toBeNull();
    expect(validateField(phone, 'call me')).toEqual({ code: 'phoneInvalid' });
    expect(validateField(phone, '+33 (0)1 23.45-67')).toBeNull();
    expect(validateField(letter, null)).toBeNull();
    expect(validateField(letter, { name: 'x.pdf', size: 0, bytes: new Uint8Array() })).toBeNull();
    expect(validateField(letter, { name: 'x.pdf', size: 512, bytes: sampleExe() })).toEqual({ code: 'fileFormat' });
  });

  it('checks e-mail addresses as type="email" does', () => {
    const plain: FieldDef = { name: 'e', kind: 'email', required: true, maxLength: 254 };
    for (const ok of ['a@b', 'first.last+tag@sub.example.com', "o'neil@example.fr"]) expect(validateField(plain, ok), ok).toBeNull();
    for (const bad of ['a', 'a@', '@b.com', 'a b@c.com', 'a@b..com', 'a@-b.com']) expect(validateField(plain, bad), bad).toEqual({ code: 'emailInvalid' });
  });

  it('matches a pattern against the whole value, as the HTML pattern attribute does', () => {
    expect(htmlPattern('[0-9]{3}').test('123')).toBe(true);
    expect(htmlPattern('[0-9]{3}').test('1234')).toBe(false);
    expect(htmlPattern('a|b').test('ab')).toBe(false);
  });

  it('files: required, then size (with the size and the limit), then format by content', () => {
    expect(validateField(cv, null)).toEqual({ code: 'required' });
    const big = largePdf(MAX_UPLOAD_BYTES + 1024);
    expect(validateField(cv, { name: 'cv.exe', size: big.length, bytes: null })).toEqual({
      code: 'fileTooLarge',
      params: { size: MAX_UPLOAD_BYTES + 1024, max: MAX_UPLOAD_BYTES },
    });
    expect(validateField(cv, { name: 'cv.pdf', size: 512, bytes: sampleExe() })).toEqual({ code: 'fileFormat' });
    expect(validateField(cv, { name: 'cv.pdf', size: samplePdf().length, bytes: samplePdf() })).toBeNull();
  });

  it('checkbox groups: at least one option, only offered options', () => {
    expect(validateField(news, [])).toEqual({ code: 'newsletterRequired' });
    expect(validateField(news, ['AN'])).toBeNull();
    expect(validateField(news, 'REP')).toBeNull();
    expect(validateField(news, ['AN', 'SPAM'])).toEqual({ code: 'invalidChoice' });
    const two: FieldDef = { ...news, minChecked: 2 };
    expect(validateField(two, ['AN'])).toEqual({ code: 'newsletterRequired' });
  });

  it('a required checkbox must be ticked; a choice must be one of the options, given or known at run time', () => {
    const box: FieldDef = { name: 'validation', kind: 'checkbox', required: true };
    expect(validateField(box, false)).toEqual({ code: 'required' });
    expect(validateField(box, 'on')).toEqual({ code: 'required' }); // the parsers turn "on" into true first
    expect(validateField(box, true)).toBeNull();
    const civility: FieldDef = { name: 'civility', kind: 'select', required: false, options: ['MS', 'MR'] };
    expect(validateField(civility, '')).toBeNull();
    expect(validateField(civility, 'DR')).toEqual({ code: 'invalidChoice' });
    const isin: FieldDef = { name: 'isin', kind: 'select', required: true, options: null };
    expect(validateField(isin, 'FR0000000001', ['FR0000000001'])).toBeNull();
    expect(validateField(isin, 'FR0000000002', ['FR0000000001'])).toEqual({ code: 'invalidChoice' });
    expect(validateField(isin, 'FR0000000001')).toEqual({ code: 'invalidChoice' });
  });
});
