/**
 * A form's values as validation sees them, read from FormData: what the browser is about to send
 * (new FormData(form)) and what the server received (request.formData()) go through this one
 * function, so both validate exactly the same thing.
 */
import type { FormDef } from './fields';
import type { FormValues } from './schema';
import { readUpload, type UploadValue } from './upload';

/** How a ticked checkbox arrives: browsers send "on" (no value attribute); scripts often send "true". */
const CHECKED = new Set(['on', 'true', '1', 'yes']);

export type ReadUpload = (file: File, maxBytes: number) => Promise<UploadValue>;

export async function formValues(form: FormDef, data: FormData, read: ReadUpload = readUpload): Promise<FormValues> {
  const values: FormValues = {};
  for (const field of form.fields) {
    const entry = data.get(field.name);
    switch (field.kind) {
      case 'checkbox':
        values[field.name] = typeof entry === 'string' && CHECKED.has(entry.toLowerCase());
        break;
      case 'checkboxes':
        values[field.name] = data.getAll(field.name).filter((v): v is string => typeof v === 'string');
        break;
      case 'file':
        // An empty file input is sent as a nameless, empty file.
        values[field.name] = typeof entry === 'object' && entry !== null && entry.size > 0 ? await read(entry, field.maxBytes) : null;
        break;
      default:
        values[field.name] = typeof entry === 'string' ? entry : '';
    }
  }
  return values;
}
