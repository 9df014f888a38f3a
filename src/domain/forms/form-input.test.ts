import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { field, formObject, parseForm, typedValues } from './form-input';

const form = (entries: [string, string | File][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('a back-office form read with one schema', () => {
  it('flattens FormData: a name once is a value, a name repeated a list, Next’s own $ACTION fields dropped', () => {
    expect(formObject(form([['a', '1'], ['b', '2'], ['b', '3'], ['$ACTION_ID_x', '']]))).toEqual({ a: '1', b: ['2', '3'] });
  });

  it('reads texts, lists, checkboxes, choices and files, with absent fields as empty', () => {
    const schema = z.object({ name: field.text(), tags: field.list(), one: field.list(), on: field.checkbox(), off: field.checkbox(), pick: field.choice(['a', 'b']), file: field.file(), none: field.file() });
    const pdf = new File(['%PDF'], 'a.pdf');
    const parsed = parseForm(schema, form([['tags', 'x'], ['tags', 'y'], ['one', 'z'], ['on', 'on'], ['pick', 'b'], ['file', pdf], ['none', new File([], '')]]));
    expect(parsed).toEqual({ ok: true, data: { name: '', tags: ['x', 'y'], one: ['z'], on: true, off: false, pick: 'b', file: pdf, none: null } });
  });

  it('answers each field’s first problem as a translation key, and refuses what an attacker posts instead of a text', () => {
    const schema = z.object({ name: field.text(5), pick: field.choice(['a', 'b']), when: field.text().refine((v) => v === '' || /^\d{4}$/.test(v), { error: 'approval.badEffectiveAt' }) });
    expect(parseForm(schema, form([['name', 'far too long'], ['pick', 'c'], ['when', 'soon']]))).toEqual({
      ok: false,
      errors: { name: 'form.badValue', pick: 'form.badValue', when: 'approval.badEffectiveAt' },
    });
    // A file where a text is expected reads as no text at all, never as "[object File]".
    expect(parseForm(z.object({ name: field.text() }), form([['name', new File(['x'], 'x.txt')]]))).toEqual({ ok: true, data: { name: '' } });
  });

  it('keeps the typed texts (lists as lists) to draw the form again, never the files', () => {
    expect(typedValues(form([['a', '1'], ['b', '2'], ['b', '3'], ['f', new File(['x'], 'x')]]))).toEqual({ a: '1', b: ['2', '3'] });
    // An oversized value or name (a post made to be echoed back) is not sent back.
    expect(typedValues(form([['big', 'x'.repeat(200_001)], ['n'.repeat(201), 'v']]))).toEqual({ big: '' });
  });
});
