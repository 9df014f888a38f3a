'use server';

/**
 * The server actions of the page and company screens. Each checks the request first
 * (requireStaffAction: same origin, signed in, content.write; a forbidden one answers 403 and
 * changes nothing), reads the form on the stored structure (src/domain/page-edit.ts,
 * company-form.ts), then calls the service, which writes, versions, audits and publishes in one go.
 */
import { revalidatePath } from 'next/cache';
import type { Locale } from '@/env';
import { readCompanyForm, type CompanyFormErrors } from '@/domain/company-form';
import type { FormReader } from '@/domain/fund-form';
import { isPageCode, readPageForm, type PageFormErrors } from '@/domain/page-edit';
import { adminTranslator, isAdminLocale } from '@/i18n/admin';
import type { FormState } from '@/components/admin/action-form';
import type { DraftPreviewState } from '@/components/admin/draft-preview';
import { requiresApproval, submitChange } from '@/server/approval/service';
import { requireStaffAction } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { saveCompany } from '@/server/pages/company';
import { restorePageVersion, savePage } from '@/server/pages/manage';
import { getPageVersion, pageSnapshot } from '@/server/queries/pages-admin';
import { badEffectiveAt, proposalAnswer, readApprovalForm } from './approval-form';
import { PreviewBody } from './page-view';

function reader(form: FormData): FormReader {
  return {
    get: (name) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : '';
    },
    getAll: (name) => form.getAll(name).filter((v): v is string => typeof v === 'string'),
  };
}

/** The submitted text fields, to draw the form again after an error (nothing typed is lost). */
function submitted(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !key.startsWith('$ACTION')) values[key] = value;
  }
  return values;
}

let seq = 0;
const next = () => ++seq;

function invalid(locale: Locale, errors: Record<string, string>, form: FormData, area: 'pages' | 'company'): FormState {
  const t = adminTranslator(locale);
  type Key = Parameters<typeof t>[0];
  return {
    status: 'error',
    message: t('data.invalid'),
    errors: Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, t(`${area}.errors.${code}` as Key)])),
    values: submitted(form),
    seq: next(),
  };
}

function done(message: string): FormState {
  revalidatePath('/admin/pages', 'layout');
  revalidatePath('/admin/company');
  return { status: 'ok', message, seq: next() };
}

export async function savePageAction(code: string, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  // Bound arguments come back from the browser as sent: check them like any field.
  const current = typeof code === 'string' && isPageCode(code) ? await pageSnapshot(db, code) : null;
  if (!current) return { status: 'error', message: t('data.notFound'), seq: next() };
  const { snapshot, errors } = readPageForm(reader(form), current);
  if (Object.keys(errors).length > 0) return invalid(staff.locale, errors satisfies PageFormErrors, form, 'pages');
  if (requiresApproval('pages')) {
    const approval = readApprovalForm(form);
    if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
    const outcome = await submitChange(db, 'page.save', { code, snapshot }, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt });
    revalidatePath('/admin', 'layout');
    return proposalAnswer(t, outcome, next(), () => t('data.saved'));
  }
  const result = await savePage(db, code, snapshot, staff.actor);
  if (!result.ok) return { status: 'error', message: t('data.notFound'), seq: next() };
  return done(result.changed && result.version !== null ? t('pages.saved', { version: result.version }) : t('data.unchanged'));
}

export async function restorePageAction(code: string, number: number, _state: FormState, _form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const t = adminTranslator(staff.locale);
  if (typeof code !== 'string' || !isPageCode(code)) return { status: 'error', message: t('data.notFound'), seq: next() };
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) return { status: 'error', message: t('pages.unknownVersion'), seq: next() };
  if (requiresApproval('pages')) {
    // Restoring a version is a change like any other: under the policy it is proposed.
    const db = await getDb();
    const version = await getPageVersion(db, code, number);
    if (!version) return { status: 'error', message: t('pages.unknownVersion'), seq: next() };
    const outcome = await submitChange(db, 'page.save', { code, snapshot: version.snapshot }, staff.actor, { note: t('approval.restoreNote', { number }) });
    revalidatePath('/admin', 'layout');
    return proposalAnswer(t, outcome, next(), () => t('data.saved'));
  }
  const result = await restorePageVersion(await getDb(), code, number, staff.actor);
  if (!result.ok) return { status: 'error', message: result.error === 'unknown' ? t('data.notFound') : t('pages.unknownVersion'), seq: next() };
  return done(result.changed && result.version !== null ? t('pages.restored', { number, version: result.version }) : t('data.unchanged'));
}

export async function saveCompanyAction(_state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('content.write');
  const t = adminTranslator(staff.locale);
  const { input, errors } = readCompanyForm(reader(form));
  if (Object.keys(errors).length > 0) return invalid(staff.locale, errors satisfies CompanyFormErrors, form, 'company');
  if (requiresApproval('company')) {
    const approval = readApprovalForm(form);
    if (!approval.ok) return badEffectiveAt(t, submitted(form), next());
    const outcome = await submitChange(await getDb(), 'company.save', input, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt });
    revalidatePath('/admin', 'layout');
    return proposalAnswer(t, outcome, next(), () => t('company.saved'));
  }
  const result = await saveCompany(await getDb(), input, staff.actor);
  if (!result.ok) return { status: 'error', message: t('data.notFound'), seq: next() };
  return done(result.changed ? t('company.saved') : t('data.unchanged'));
}

/**
 * The texts of the edit form as typed, unsaved, drawn for a visitor of `previewLang` with the public
 * page's components. Writes nothing; texts that could not be saved are not drawn.
 */
export async function previewPageDraftAction(code: string, _state: DraftPreviewState, form: FormData): Promise<DraftPreviewState> {
  const staff = await requireStaffAction('backoffice.read');
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  const current = typeof code === 'string' && isPageCode(code) ? await pageSnapshot(db, code) : null;
  if (!current) return { status: 'error', message: t('data.notFound'), seq: next() };
  const lang = form.get('previewLang');
  const locale = isAdminLocale(lang) ? lang : staff.locale;
  const { snapshot, errors } = readPageForm(reader(form), current);
  if (Object.keys(errors).length > 0) return { status: 'error', message: t('pages.previewInvalid', { count: Object.keys(errors).length }), seq: next() };
  const language = t(`language.${locale}`);
  return {
    status: 'ok',
    message: t('pages.previewDraftReady', { language }),
    preview: <PreviewBody t={t} staffLocale={staff.locale} code={code} snapshot={snapshot} locale={locale} />,
    seq: next(),
  };
}
