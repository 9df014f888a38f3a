/**
 * The four forms of the site (docs/product.md §1, §3, §5). docs/product.md §3's contact field "name" is the civility.
 * Lengths and patterns are ours (docs/product.md §5: specific per-field rules are ours).
 */
import { INVESTOR_PROFILES } from '@/domain/catalog';
import type { FieldDef, FormDef, FormKind, TextField } from './fields';
import { MAX_UPLOAD_BYTES } from './upload';

export const NEWSLETTER_OPTIONS = ['REP', 'AN', 'EVE', 'NEWS'] as const;
export const CIVILITIES = ['MS', 'MR'] as const;

/** Field names outside the definitions: the trap for bots, the captcha token and the visitor's language. */
export const HONEYPOT_FIELD = 'website';
export const CAPTCHA_FIELD = 'captchaToken';
export const LOCALE_FIELD = 'locale';

const text = (name: string, required: boolean, maxLength: number, extra: Partial<TextField> = {}): TextField => ({
  name,
  kind: 'text',
  required,
  maxLength,
  ...extra,
});

const civility: FieldDef = { name: 'civility', kind: 'select', required: false, options: CIVILITIES };
const firstName = text('firstName', true, 100, { autoComplete: 'given-name' });
const lastName = text('lastName', true, 100, { autoComplete: 'family-name' });
const email: FieldDef = { name: 'email', kind: 'email', required: true, maxLength: 254, autoComplete: 'email', inputMode: 'email' };
const company = text('company', false, 150, { autoComplete: 'organization' });
/** Digits, spaces, dots, dashes and brackets, an optional leading +: 6 to 25 characters. */
const PHONE_PATTERN = '\\+?[0-9 \\(\\)\\.\\-]{6,25}';
const phone = (required: boolean): TextField => ({
  name: 'phone',
  kind: 'tel',
  required,
  maxLength: 25,
  pattern: PHONE_PATTERN,
  patternError: 'phoneInvalid',
  autoComplete: 'tel',
  inputMode: 'tel',
});
const validation: FieldDef = { name: 'validation', kind: 'checkbox', required: true };

export const contactForm: FormDef = {
  kind: 'contact',
  fields: [
    civility,
    firstName,
    lastName,
    email,
    company,
    phone(false),
    text('subject', true, 200),
    { name: 'content', kind: 'textarea', required: true, maxLength: 5000 },
    validation,
  ],
};

export const newsletterForm: FormDef = {
  kind: 'newsletter',
  fields: [
    email,
    firstName,
    lastName,
    company,
    { name: 'newsletters', kind: 'checkboxes', required: false, options: NEWSLETTER_OPTIONS, minChecked: 1, minCheckedError: 'newsletterRequired' },
    validation,
  ],
};

export const careerForm: FormDef = {
  kind: 'career',
  fields: [
    civility,
    firstName,
    lastName,
    email,
    phone(false),
    text('position', true, 200),
    { name: 'cv', kind: 'file', required: true, formats: ['pdf', 'doc', 'docx'], maxBytes: MAX_UPLOAD_BYTES },
    { name: 'coverLetter', kind: 'file', required: false, formats: ['pdf', 'doc', 'docx'], maxBytes: MAX_UPLOAD_BYTES },
    { name: 'content', kind: 'textarea', required: false, maxLength: 5000 },
    validation,
  ],
};

/** An amount in the share's currency, at least 1: digits, and up to two decimals after a dot or a comma. */
const AMOUNT_PATTERN = '[1-9][0-9]{0,11}([\\.,][0-9]{1,2})?';

export const subscribeForm: FormDef = {
  kind: 'subscribe',
  fields: [
    // The share classes the visitor may see: known at run time (formSchema's options).
    { name: 'isin', kind: 'select', required: true, options: null },
    { name: 'investorType', kind: 'radio', required: true, options: INVESTOR_PROFILES },
    text('amount', true, 15, { pattern: AMOUNT_PATTERN, patternError: 'amountInvalid', inputMode: 'decimal' }),
    civility,
    firstName,
    lastName,
    email,
    phone(true),
    company,
    { name: 'content', kind: 'textarea', required: false, maxLength: 2000 },
    validation,
  ],
};

export const FORMS: Record<FormKind, FormDef> = {
  contact: contactForm,
  newsletter: newsletterForm,
  career: careerForm,
  subscribe: subscribeForm,
};

export function isFormKind(value: string): value is FormKind {
  return Object.hasOwn(FORMS, value);
}
