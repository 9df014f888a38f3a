import { describe, expect, it } from 'vitest';
import { sampleDocx, samplePdf } from '../../../tests/support/sample-documents';
import { careerForm, contactForm, FORMS, newsletterForm, subscribeForm } from './definitions';
import { inputAttributes, isRequired } from './fields';
import { errorMessage, type Translate } from './messages';
import { fieldErrors, formSchema } from './schema';
import { htmlPattern } from './validate';
import en from '../../../messages/forms/en.json';
import fr from '../../../messages/forms/fr.json';

const validContact = {
  civility: 'MS',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: '',
  phone: '',
  subject: 'Fund question',
  content: 'Hello',
  validation: true,
};

describe('field definitions → input attributes', () => {
  it('announce exactly the constraints the schema checks', () => {
    const email = contactForm.fields.find((f) => f.name === 'email');
    expect(email && inputAttributes(email)).toEqual({ name: 'email', required: true, type: 'email', maxLength: 254, autoComplete: 'email', inputMode: 'email' });
    const phone = contactForm.fields.find((f) => f.name === 'phone');
    expect(phone && inputAttributes(phone)).toMatchObject({ type: 'tel', maxLength: 25, pattern: '\\+?[0-9 \\(\\)\\.\\-]{6,25}' });
    expect(phone && inputAttributes(phone).required).toBeUndefined();
    const cv = careerForm.fields.find((f) => f.name === 'cv');
    expect(cv && inputAttributes(cv)).toEqual({ name: 'cv', required: true, type: 'file', accept: '.pdf,.doc,.docx' });
    const group = newsletterForm.fields.find((f) => f.name === 'newsletters');
    expect(group && inputAttributes(group)).toEqual({ name: 'newsletters', type: 'checkbox' });
    expect(group && isRequired(group)).toBe(true);
  });

  it('every pattern of every form compiles as browsers compile it (v flag)', () => {
    for (const form of Object.values(FORMS)) {
      for (const field of form.fields) {
        const { pattern } = inputAttributes(field);
        if (pattern) expect(() => htmlPattern(pattern), `${form.kind}.${field.name}`).not.toThrow();
      }
    }
  });
});

describe('formSchema', () => {
  it('accepts a valid contact request and cleans it: trimmed texts, boxes as booleans', () => {
    const result = formSchema(contactForm).safeParse(validContact);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ firstName: 'Ada', validation: true, company: '' });
  });

  it('reports one error per field, the first rule it breaks, and none for empty optional fields', () => {
    const result = formSchema(contactForm).safeParse({ ...validContact, firstName: '', email: 'nope', phone: 'x', validation: false, content: 'x'.repeat(5001) });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({
      firstName: { code: 'required' },
      email: { code: 'emailInvalid' },
      phone: { code: 'phoneInvalid' },
      content: { code: 'tooLong', params: { max: 5000 } },
      validation: { code: 'required' },
    });
  });

  it('requires at least one newsletter', () => {
    const result = formSchema(newsletterForm).safeParse({ email: 'a@b.fr', firstName: 'A', lastName: 'B', newsletters: [], validation: true });
    expect(result.error && fieldErrors(result.error)).toEqual({ newsletters: { code: 'newsletterRequired' } });
  });

  it('career: the CV is required and checked by content; the cover letter is optional', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.fr', position: 'Analyst', validation: true };
    const missing = formSchema(careerForm).safeParse(base);
    expect(missing.error && fieldErrors(missing.error)).toEqual({ cv: { code: 'required' } });
    const pdf = samplePdf();
    const ok = formSchema(careerForm).safeParse({ ...base, cv: { name: 'cv.pdf', size: pdf.length, bytes: pdf }, coverLetter: null });
    expect(ok.success).toBe(true);
    const docx = sampleDocx();
    const renamed = formSchema(careerForm).safeParse({ ...base, cv: { name: 'cv.pdf', size: docx.length, bytes: docx } });
    expect(renamed.error && fieldErrors(renamed.error)).toEqual({ cv: { code: 'fileFormat' } });
  });

  it('subscribe: the share class must be one of those offered at run time; the amount must be a number', () => {
    const values = { isin: 'FR0000000001', investorType: 'RETAIL', amount: '10 000', firstName: 'A', lastName: 'B', email: 'a@b.fr', phone: '0102030405', validation: true };
    const result = formSchema(subscribeForm, { isin: ['FR0000000002'] }).safeParse(values);
    expect(result.error && fieldErrors(result.error)).toEqual({ isin: { code: 'invalidChoice' }, amount: { code: 'amountInvalid' } });
    expect(formSchema(subscribeForm, { isin: ['FR0000000001'] }).safeParse({ ...values, amount: '2500,50' }).success).toBe(true);
  });
});

describe('errorMessage', () => {
  const translator = (messages: typeof en): Translate => (key, values) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages.Forms) as string;
    return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]));
  };

  it('gives the docs/product.md §5 sentences, the file size one completed with the size and the limit', () => {
    const t = translator(en);
    expect(errorMessage(t, { code: 'required' }, 'en')).toBe('Field is required');
    expect(errorMessage(t, { code: 'emailInvalid' }, 'en')).toBe('Email address is invalid');
    expect(errorMessage(t, { code: 'newsletterRequired' }, 'en')).toBe('Please select at least one newsletter');
    expect(errorMessage(t, { code: 'fileFormat' }, 'en')).toBe('File format is invalid. The valid formats are pdf, doc, docx.');
    expect(errorMessage(t, { code: 'fileTooLarge', params: { size: 6_501_171, max: 5 * 1024 * 1024 } }, 'en')).toBe(
      'Your file is too large. Its size is 6.2 MB; the maximum is 5 MB.',
    );
    expect(errorMessage(translator(fr), { code: 'fileTooLarge', params: { size: 6_501_171, max: 5 * 1024 * 1024 } }, 'fr')).toBe(
      'Votre fichier est trop volumineux. Sa taille est de 6,2 Mo ; le maximum est de 5 Mo.',
    );
  });
});

describe('formValues: FormData as the browser sends it and the server receives it', () => {
  it('reads texts, a ticked box ("on"), a group and files; an empty file input is no file', async () => {
    const { formValues } = await import('./form-data');
    const data = new FormData();
    data.set('firstName', 'Ada');
    data.set('validation', 'on');
    data.set('cv', new File([samplePdf() as BlobPart], 'cv.pdf'));
    data.set('coverLetter', new File([], ''));
    const values = await formValues(careerForm, data);
    expect(values).toMatchObject({ firstName: 'Ada', lastName: '', validation: true, coverLetter: null, content: '' });
    expect(values.cv).toMatchObject({ name: 'cv.pdf', size: samplePdf().length });
    const group = new FormData();
    group.append('newsletters', 'REP');
    group.append('newsletters', 'EVE');
    expect((await formValues(newsletterForm, group)).newsletters).toEqual(['REP', 'EVE']);
    expect((await formValues(newsletterForm, new FormData())).validation).toBe(false);
  });
});
