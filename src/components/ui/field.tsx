import type { ComponentProps, ReactNode } from 'react';

const inputClass =
  'mt-1 block w-full max-w-md rounded border border-slate-400 bg-white px-3 py-2 text-ink focus:border-brand focus:outline-hidden focus:ring-2 focus:ring-brand';
const labelClass = 'block font-medium';

/** The field look plus the classes given; a `bare` control has only the classes given. */
const look = (bare: boolean | undefined, className: string | undefined) => (bare ? className : [inputClass, className].filter(Boolean).join(' '));
type Bare = { bare?: boolean };
/** A checkbox, a radio button or a hidden input has no field look. */
const UNSTYLED = new Set(['hidden', 'checkbox', 'radio']);

/** An input of a back-office form, drawn as a field (text, date, file, password…). */
export function Input({ bare, className, ...props }: ComponentProps<'input'> & Bare) {
  return <input className={look(bare || UNSTYLED.has(props.type ?? ''), className)} {...props} />;
}

export function Select({ bare, className, ...props }: ComponentProps<'select'> & Bare) {
  return <select className={look(bare, className)} {...props} />;
}

export function Textarea({ bare, className, ...props }: ComponentProps<'textarea'> & Bare) {
  return <textarea className={look(bare, className)} {...props} />;
}

/** A field's label, above it. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={[labelClass, className].filter(Boolean).join(' ')} {...props} />;
}

/** A labelled input with the input's own attributes (type, autoComplete, pattern…); children follow it (a hint). */
export function InputField({ id, label, children, ...props }: ComponentProps<'input'> & Bare & { id: string; label: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
      {children}
    </div>
  );
}

/** A group's legend (checkboxes, radio buttons), drawn like a label. */
export function Legend({ className, ...props }: ComponentProps<'legend'>) {
  return <legend className={[labelClass, className].filter(Boolean).join(' ')} {...props} />;
}

export type SelectOption = { value: string; label: string; lang?: string };

type FieldProps = {
  id: string;
  name?: string;
  label: ReactNode;
  /** The starting value (plain forms: no client state). */
  value?: string;
  hint?: ReactNode;
} & ({ type?: 'text' | 'search' | 'date' | 'email' | 'number'; maxLength?: number; required?: boolean; options?: never } | { type: 'select'; options: SelectOption[]; maxLength?: never; required?: never });

/**
 * A labelled input or select of a plain form (a filter, a handling form), with an optional hint
 * that is its accessible description.
 */
export function Field({ id, name = id, label, value, hint, ...control }: FieldProps) {
  const describedBy = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control.type === 'select' ? (
        <select id={id} name={name} defaultValue={value ?? ''} aria-describedby={describedBy} className={inputClass}>
          {control.options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} name={name} type={control.type ?? 'text'} defaultValue={value} maxLength={control.maxLength} required={control.required} aria-describedby={describedBy} className={inputClass} />
      )}
      {hint && (
        <span id={describedBy} className="block text-sm text-muted">
          {hint}
        </span>
      )}
    </div>
  );
}

/** A labelled select (kept for the handling forms that name it so). */
export function SelectField({ id, name = id, label, value, options }: { id: string; name?: string; label: string; value?: string; options: SelectOption[] }) {
  return <Field id={id} name={name} label={label} value={value} type="select" options={options} />;
}
