/**
 * One definition per form field (docs/product.md §5): the browser's input attributes AND the validation rules
 * are both derived from it, so what the page announces (required, type, maxlength, pattern, accept)
 * is exactly what the browser and the server check.
 */
import type { DocumentFormat } from './upload';

/** A pattern's message when it fails; the default is `patternInvalid`. */
export type PatternError = 'phoneInvalid' | 'amountInvalid' | 'patternInvalid';

type Base = { name: string; required: boolean };

export type TextField = Base & {
  kind: 'text' | 'email' | 'tel' | 'textarea';
  maxLength: number;
  /** An HTML `pattern`: it must match the whole value (compiled with the `v` flag, as browsers do). */
  pattern?: string;
  patternError?: PatternError;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'decimal' | 'numeric';
};

/**
 * A choice among options. `options: null` means they are only known at run time (the share classes
 * a visitor may subscribe to): the form is then built with them (see formSchema).
 */
export type ChoiceField = Base & { kind: 'select' | 'radio'; options: readonly string[] | null };

/** A single checkbox; when required it must be ticked (the validation checkbox). */
export type CheckboxField = Base & { kind: 'checkbox' };

/** Several checkboxes under one name; at least `minChecked` of them must be ticked. */
export type CheckboxGroupField = Base & {
  kind: 'checkboxes';
  options: readonly string[];
  minChecked: number;
  minCheckedError: 'newsletterRequired';
};

export type FileField = Base & { kind: 'file'; formats: readonly DocumentFormat[]; maxBytes: number };

export type FieldDef = TextField | ChoiceField | CheckboxField | CheckboxGroupField | FileField;

export type FormKind = 'contact' | 'newsletter' | 'career' | 'subscribe';

export type FormDef = { kind: FormKind; fields: readonly FieldDef[] };

/** The attributes of an <input>, <textarea> or <select> for a field, as React props. */
export type InputAttributes = {
  name: string;
  required?: boolean;
  type?: string;
  maxLength?: number;
  pattern?: string;
  accept?: string;
  autoComplete?: string;
  inputMode?: TextField['inputMode'];
};

const HTML_TYPE: Record<TextField['kind'], string | undefined> = { text: 'text', email: 'email', tel: 'tel', textarea: undefined };

export const FORMAT_EXTENSIONS: Record<DocumentFormat, string> = { pdf: '.pdf', doc: '.doc', docx: '.docx' };

export function inputAttributes(field: FieldDef): InputAttributes {
  const attributes: InputAttributes = { name: field.name };
  // A group is "required" through its minimum, announced in its legend; each box stays optional.
  if (field.required && field.kind !== 'checkboxes') attributes.required = true;
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'textarea': {
      const type = HTML_TYPE[field.kind];
      if (type) attributes.type = type;
      attributes.maxLength = field.maxLength;
      if (field.pattern) attributes.pattern = field.pattern;
      if (field.autoComplete) attributes.autoComplete = field.autoComplete;
      if (field.inputMode) attributes.inputMode = field.inputMode;
      break;
    }
    case 'file':
      attributes.type = 'file';
      attributes.accept = field.formats.map((f) => FORMAT_EXTENSIONS[f]).join(',');
      break;
    case 'checkbox':
    case 'checkboxes':
      attributes.type = 'checkbox';
      break;
    case 'radio':
      attributes.type = 'radio';
      break;
    case 'select':
      break;
  }
  return attributes;
}

/** Whether a field shows the "*" of required fields (a group with a minimum counts as required). */
export function isRequired(field: FieldDef): boolean {
  return field.kind === 'checkboxes' ? field.minChecked > 0 : field.required;
}
