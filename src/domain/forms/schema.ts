/**
 * The zod schema of a form, built from its field definitions (docs/product.md "Forms": one schema per form,
 * shared by the browser and the server). Each field reports at most one issue, the first rule it
 * breaks (validateField); the issue's message is the error code, translated where it is shown.
 */
import { z } from '../zod';
import type { FieldDef, FormDef } from './fields';
import type { UploadValue } from './upload';
import { validateField, type ErrorCode, type FieldError, type FieldValue } from './validate';

export type FormValues = Record<string, FieldValue>;

/** Options known only at run time, per field name (see ChoiceField). */
export type RuntimeOptions = Partial<Record<string, readonly string[]>>;

/** A validated submission: texts trimmed, boxes as booleans, groups as lists, files as uploads (or null). */
export type CleanValues = Record<string, string | boolean | string[] | UploadValue | null>;

function clean(field: FieldDef, value: FieldValue): CleanValues[string] {
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'checkboxes':
      return Array.isArray(value) ? [...value] : typeof value === 'string' && value ? [value] : [];
    case 'file':
      return value && typeof value === 'object' && !Array.isArray(value) && 'size' in value && value.size > 0 ? (value as UploadValue) : null;
    default:
      return typeof value === 'string' ? value.trim() : '';
  }
}

export function formSchema(form: FormDef, options: RuntimeOptions = {}) {
  const shape: Record<string, z.ZodType<CleanValues[string], unknown>> = {};
  for (const field of form.fields) {
    shape[field.name] = z
      .unknown()
      .superRefine((value, ctx) => {
        const error = validateField(field, value as FieldValue, options[field.name]);
        if (error) ctx.addIssue({ code: 'custom', message: error.code, params: error.params ?? {} });
      })
      .transform((value) => clean(field, value as FieldValue));
  }
  // A missing key is an empty field (null): the field's own rules decide whether that is allowed.
  const withEveryField = (input: unknown) => {
    const given = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
    return Object.fromEntries(form.fields.map((f) => [f.name, given[f.name] ?? null]));
  };
  return z.preprocess(withEveryField, z.object(shape));
}

export type FormSchema = ReturnType<typeof formSchema>;

/** The first error of each field of a failed parse, by field name. */
export function fieldErrors(error: z.ZodError): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || out[name]) continue;
    const params = issue.code === 'custom' ? (issue.params as Record<string, number> | undefined) : undefined;
    out[name] = { code: issue.message as ErrorCode, ...(params && Object.keys(params).length ? { params } : {}) };
  }
  return out;
}
