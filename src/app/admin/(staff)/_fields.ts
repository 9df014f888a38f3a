import { SUPPORTED_LOCALES } from '@/env';
import type { AdminT } from '@/i18n/admin';
import type { FieldSpec } from '@/components/admin/action-form';

/** The field builders the staff screens' forms share (funds, pages, company). */

type Texts = Partial<Record<string, string>>;

/** One text in the three languages side by side, filled from what is stored. */
export function localizedField(t: AdminT, name: string, label: string, values: Texts | null | undefined, options: { multiline?: boolean; required?: boolean; hint?: string } = {}): FieldSpec {
  return {
    kind: 'localized',
    name,
    label,
    hint: options.hint,
    values: values ?? {},
    multiline: options.multiline,
    required: options.required,
    languages: SUPPORTED_LOCALES.map((code) => ({ code, label: t(`language.${code}`) })),
    missing: t('data.missing'),
  };
}
