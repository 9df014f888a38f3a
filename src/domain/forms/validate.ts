/**
 * docs/product.md §5 validation: each field's rules come from its definition (that is, from its input
 * attributes), run in order, and stop at the first that fails; an empty optional field is skipped.
 * Pure and synchronous: the browser and the server run exactly this.
 */
import type { CheckboxGroupField, ChoiceField, FieldDef, FileField, PatternError, TextField } from './fields';
import { uploadFormat, type UploadValue } from './upload';

export type ErrorCode =
  | 'required'
  | 'emailInvalid'
  | 'tooLong'
  | PatternError
  | 'invalidChoice'
  | 'newsletterRequired'
  | 'fileTooLarge'
  | 'fileFormat';

export type FieldError = { code: ErrorCode; params?: Record<string, number> };

/** What a field holds when it is validated (see parseFormData and the form's resolver). */
export type FieldValue = string | boolean | readonly string[] | UploadValue | null;

/** The HTML definition of a valid e-mail address (what type="email" checks in browsers). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const patterns = new Map<string, RegExp>();
/** An HTML pattern attribute matches the whole value, compiled with the v flag. */
export function htmlPattern(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    regex = new RegExp(`^(?:${pattern})$`, 'v');
    patterns.set(pattern, regex);
  }
  return regex;
}

const asText = (value: FieldValue): string => (typeof value === 'string' ? value.trim() : '');
const asList = (value: FieldValue): readonly string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
const asUpload = (value: FieldValue): UploadValue | null =>
  value && typeof value === 'object' && !Array.isArray(value) && 'size' in value ? (value as UploadValue) : null;

export function isEmpty(field: FieldDef, value: FieldValue): boolean {
  switch (field.kind) {
    case 'checkbox':
      return value !== true;
    case 'checkboxes':
      return asList(value).length === 0;
    case 'file':
      return asUpload(value) === null || asUpload(value)?.size === 0;
    default:
      return asText(value) === '';
  }
}

function textRules(field: TextField, text: string): FieldError | null {
  if (field.kind === 'email' && !EMAIL.test(text)) return { code: 'emailInvalid' };
  if (text.length > field.maxLength) return { code: 'tooLong', params: { max: field.maxLength } };
  if (field.pattern && !htmlPattern(field.pattern).test(text)) return { code: field.patternError ?? 'patternInvalid' };
  return null;
}

function choiceRules(field: ChoiceField, text: string, options: readonly string[] | undefined): FieldError | null {
  const allowed = field.options ?? options ?? [];
  return allowed.includes(text) ? null : { code: 'invalidChoice' };
}

function groupRules(field: CheckboxGroupField, list: readonly string[]): FieldError | null {
  if (list.some((v) => !field.options.includes(v))) return { code: 'invalidChoice' };
  return list.length < field.minChecked ? { code: field.minCheckedError } : null;
}

function fileRules(field: FileField, upload: UploadValue): FieldError | null {
  if (upload.size > field.maxBytes) return { code: 'fileTooLarge', params: { size: upload.size, max: field.maxBytes } };
  return uploadFormat(upload, field.formats) ? null : { code: 'fileFormat' };
}

/**
 * The first rule the value breaks, or null. `options` are the run-time options of a choice whose
 * definition has none (the share classes of the subscribe form).
 */
export function validateField(field: FieldDef, value: FieldValue, options?: readonly string[]): FieldError | null {
  if (isEmpty(field, value)) {
    if (field.kind === 'checkboxes') return field.minChecked > 0 ? { code: field.minCheckedError } : null;
    return field.required ? { code: 'required' } : null;
  }
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'textarea':
      return textRules(field, asText(value));
    case 'select':
    case 'radio':
      return choiceRules(field, asText(value), options);
    case 'checkboxes':
      return groupRules(field, asList(value));
    case 'file':
      return fileRules(field, asUpload(value) as UploadValue);
    case 'checkbox':
      return null;
  }
}
