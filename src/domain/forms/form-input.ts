/**
 * A back-office form read with one zod schema (decision 042). FormData is flattened first (a name
 * sent once is a string or a File, a name sent several times an array), then `field` helpers say
 * what each field is; an issue's message is a translation key of the Admin namespace.
 */
import { z } from '../zod';

/**
 * The answer of every back-office form's server action, drawn by src/components/admin: a translated
 * message for the live region, translated errors per field, the typed values after an error.
 */
export type FormState = {
  status: 'idle' | 'ok' | 'error';
  message?: string;
  /** A success's caution (an uploaded PDF that is not tagged), said with the message in the same live region. */
  warning?: string;
  errors?: Record<string, string>;
  values?: Record<string, string | string[]>;
  /** Changes on every answer, so the form is drawn again from `values`. */
  seq?: number;
};

export type FormObject = Record<string, FormDataEntryValue | FormDataEntryValue[]>;
/** Field name → translation key (Admin namespace), or the empty key '' for a problem of no field. */
export type FieldErrorKeys = Record<string, string>;

export function formObject(form: FormData): FormObject {
  const out: FormObject = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith('$ACTION')) continue;
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export const field = {
  /**
   * A text field: what was typed, '' when absent (a file or a repeated name reads as its first text).
   * The default bound is above every field's own limit (a news body's 200,000), which the domain
   * reports with its own message; the request's size is bounded before (runtime/body-limits.mjs).
   */
  text: (max = 1_000_000) => z.preprocess((v) => (typeof first(v) === 'string' ? first(v) : ''), z.string().max(max, { error: 'form.badValue' })),
  /** One of `values` (a select, a radio group or a button's value). */
  choice: <const T extends readonly [string, ...string[]]>(values: T) => z.preprocess(first, z.enum(values, { error: 'form.badValue' })),
  /** Every value of a repeated name (checkbox lists), texts only. */
  list: () => z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x) => typeof x === 'string'), z.array(z.string())),
  /** A ticked checkbox ('on' as browsers send it). */
  checkbox: () => z.preprocess((v) => first(v) === 'on' || first(v) === 'true' || first(v) === '1', z.boolean()),
  /** A file input: the File, or null when none was chosen (browsers send an empty, nameless file). */
  file: () => z.preprocess((v) => (first(v) instanceof File && (first(v) as File).size > 0 ? first(v) : null), z.instanceof(File).nullable()),
};

/** Longer than any field takes (a news body's limit): such a value, or such a name, is not sent back. */
export const ECHO_LIMIT = 200_000;
const NAME_LIMIT = 200;

/** The typed text fields, to draw the form again after an error (nothing typed is lost; nothing oversized echoed). */
export function typedValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(formObject(form))) {
    if (key.length > NAME_LIMIT) continue;
    const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string').map((v) => (v.length > ECHO_LIMIT ? '' : v));
    if (texts.length > 0) values[key] = texts.length === 1 ? texts[0]! : texts;
  }
  return values;
}

export type ParsedForm<T> = { ok: true; data: T } | { ok: false; errors: FieldErrorKeys };

/** Parses `form` with `schema`; on failure, the first issue of each field, its message as a key. */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(formObject(form));
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrorKeys = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}
