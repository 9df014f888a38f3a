'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { inputAttributes, isRequired, type FieldDef, type FormKind } from '@/domain/forms/fields';
import type { Translate } from '@/domain/forms/messages';
import { megabytes } from '@/domain/forms/upload';

/** Options whose labels come from the page (database texts): share classes by fund, investor profiles. */
export type OptionGroup = { label: string | null; options: { value: string; label: string }[] };
export type PageOptions = Partial<Record<string, OptionGroup[]>>;

export const fieldId = (kind: FormKind, name: string, index?: number) => `${kind}-${name}${index === undefined ? '' : `-${index}`}`;
/** The element that gets focus for a field in error: the input, or the first box of a group. */
export const focusTargetId = (kind: FormKind, field: FieldDef) =>
  fieldId(kind, field.name, field.kind === 'checkboxes' || field.kind === 'radio' ? 0 : undefined);

const control =
  'mt-1 block w-full rounded border border-slate-500 bg-white px-3 py-2 text-ink focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[invalid=true]:border-red-700';
const labelClass = 'block font-medium';

type Props = {
  kind: FormKind;
  field: FieldDef;
  // The form's values are read from the DOM (see VisitorForm): the register is untyped on purpose.
  register: UseFormRegister<Record<string, unknown>>;
  error: string | undefined;
  options?: OptionGroup[];
  locale: string;
  company: string;
};

function Required() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  );
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

export function FormField({ kind, field, register, error, options, locale, company }: Props) {
  const t = useTranslations('Forms') as Translate;
  const id = fieldId(kind, field.name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The validation checkbox is labelled by its form's own sentence (validation.{kind}).
  const label = field.kind === 'checkbox' ? t(`validation.${kind}`, { company }) : t(`fields.${field.name}`);
  const hint = hintFor(field, t, locale);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const { required, ...attributes } = inputAttributes(field);
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  const hintText = hint ? (
    <p id={hintId} className="mt-1 text-sm text-muted">
      {hint}
    </p>
  ) : null;

  if (field.kind === 'checkboxes' || field.kind === 'radio') {
    const choices: { value: string; label: string }[] =
      field.kind === 'checkboxes'
        ? field.options.map((value) => ({ value, label: t(`options.${field.name}.${value}`) }))
        : (options?.flatMap((g) => g.options) ?? (field.options ?? []).map((value) => ({ value, label: value })));
    return (
      <fieldset className="mt-5">
        <legend className={labelClass}>
          {label}
          {isRequired(field) ? <Required /> : null}
        </legend>
        {hintText}
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          {choices.map((choice, index) => (
            <label key={choice.value} htmlFor={fieldId(kind, field.name, index)} className="inline-flex min-h-11 items-center gap-2">
              <input
                id={fieldId(kind, field.name, index)}
                type={attributes.type}
                value={choice.value}
                required={field.kind === 'radio' ? required : undefined}
                className="size-5 accent-brand"
                {...aria}
                {...register(field.name)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        <ErrorText id={errorId} error={error} />
      </fieldset>
    );
  }

  if (field.kind === 'checkbox') {
    return (
      <div className="mt-5">
        <label htmlFor={id} className="flex items-start gap-3">
          <input id={id} type="checkbox" required={required} className="mt-1 size-5 shrink-0 accent-brand" {...aria} {...register(field.name)} />
          <span>
            {label}
            {required ? <Required /> : null}
          </span>
        </label>
        <ErrorText id={errorId} error={error} />
        <p className="mt-1 ml-8 text-sm">
          <Link href="/gdpr" className="text-brand underline">
            {t('privacyLink')}
          </Link>
        </p>
      </div>
    );
  }

  let input: ReactNode;
  if (field.kind === 'select') {
    const groups: OptionGroup[] = options ?? [{ label: null, options: (field.options ?? []).map((value) => ({ value, label: t(`options.${field.name}.${value}`) })) }];
    input = (
      <select id={id} required={required} className={control} defaultValue="" {...aria} {...register(field.name)}>
        <option value="">{t('choose')}</option>
        {groups.map((group) =>
          group.label ? (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ) : (
            group.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          ),
        )}
      </select>
    );
  } else if (field.kind === 'textarea') {
    input = <textarea id={id} rows={6} required={required} className={control} {...attributes} {...aria} {...register(field.name)} />;
  } else {
    const file = field.kind === 'file' ? 'file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1.5' : '';
    input = <input id={id} required={required} className={`${control} ${file}`} {...attributes} {...aria} {...register(field.name)} />;
  }
  return (
    <div className="mt-5">
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <Required /> : null}
      </label>
      {hintText}
      {input}
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

function hintFor(field: FieldDef, t: Translate, locale: string): string | null {
  if (field.kind === 'file') return t('hints.upload', { max: megabytes(field.maxBytes, locale) });
  if (field.kind === 'checkboxes') return t('hints.newsletters');
  if (field.name === 'phone' || field.name === 'amount') return t(`hints.${field.name}`);
  return null;
}
