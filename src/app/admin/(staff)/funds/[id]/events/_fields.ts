import 'server-only';
import { SUPPORTED_LOCALES } from '@/env';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { FUND_EVENT_TYPES, LIQUIDITY_TOOLS } from '@/domain/events/model';
import type { AdminT } from '@/i18n/admin';
import type { FieldSpec } from '@/components/admin/action-form';
import type { StaffEvent } from '@/server/events/staff-queries';
import { localizedField } from '@/app/admin/(staff)/_fields';

type Option = { value: string; label: string };
const MB = MAX_DOCUMENT_BYTES / 1024 / 1024;

/**
 * The notice PDF's fields: the file, its language and the countries of a country version. `first`:
 * the optional first notice of a new event (the attach form's file is required).
 */
export function noticeFields(t: AdminT, countries: Option[], locale: string, first: boolean): FieldSpec[] {
  return [
    { kind: 'file', name: 'noticeFile', label: first ? t('events.fields.noticeFile') : t('events.fields.noticeFileRequired'), hint: t('events.fields.noticeFileHint', { mb: MB }), accept: 'application/pdf,.pdf', required: !first },
    { kind: 'select', name: 'noticeLocale', label: t('events.fields.noticeLocale'), value: locale, options: SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) })) },
    { kind: 'checkboxes', name: 'noticeCountries', label: t('events.fields.noticeCountries'), hint: t('events.fields.noticeCountriesHint'), values: [], options: countries },
  ];
}

/**
 * An event's fields. The tool select is always there (the form works without JavaScript): the
 * server refuses a tool for a type that names none, and none for one that does.
 */
export function eventFields(t: AdminT, shares: { id: number; isin: string; name: string }[], event: StaffEvent | null): FieldSpec[] {
  return [
    { kind: 'select', name: 'type', label: t('events.fields.type'), value: event?.type ?? 'suspension', required: true, options: FUND_EVENT_TYPES.map((type) => ({ value: type, label: t(`events.types.${type}`) })) },
    {
      kind: 'select',
      name: 'tool',
      label: t('events.fields.tool'),
      hint: t('events.fields.toolHint'),
      value: event?.tool ?? '',
      options: [{ value: '', label: t('events.fields.toolNone') }, ...LIQUIDITY_TOOLS.map((tool) => ({ value: tool, label: t(`events.tools.${tool}`) }))],
    },
    {
      kind: 'checkboxes',
      name: 'shareIds',
      label: t('events.fields.shareIds'),
      hint: t('events.fields.shareIdsHint'),
      values: event ? event.shares.map((s) => String(s.id)) : [],
      options: shares.map((s) => ({ value: String(s.id), label: `${s.name} (${s.isin})` })),
    },
    { kind: 'date', name: 'announcedOn', label: t('events.fields.announcedOn'), hint: t('events.fields.announcedOnHint'), value: event?.announcedOn ?? new Date().toISOString().slice(0, 10), required: true },
    { kind: 'date', name: 'effectiveOn', label: t('events.fields.effectiveOn'), value: event?.effectiveOn ?? '', required: true },
    { kind: 'date', name: 'endsOn', label: t('events.fields.endsOn'), hint: t('events.fields.endsOnHint'), value: event?.endsOn ?? '' },
    localizedField(t, 'title', t('events.fields.title'), event?.title ?? null, { required: true }),
    localizedField(t, 'body', t('events.fields.body'), event?.body ?? null, { multiline: true, required: true }),
  ];
}
