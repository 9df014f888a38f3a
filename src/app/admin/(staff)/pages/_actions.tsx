'use server';

/**
 * The server actions of the page and company screens, built with staffAction (same origin, signed
 * in, content.write; a forbidden one answers 403 and changes nothing). Each reads the form on the
 * stored structure (src/domain/content/page-edit.ts, company-form.ts), then hands the change to the
 * approval door (src/server/approval/door.ts), which proposes it or has the service write, version,
 * audit and publish it.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { readCompanyForm, type CompanyInput } from '@/domain/content/company-form';
import { companyErrorTexts } from '@/app/admin/(staff)/company/_errors';
import { field } from '@/domain/forms/form-input';
import { isPageCode, readPageForm, type PageFormErrors } from '@/domain/content/page-edit';
import { isAdminLocale } from '@/i18n/admin';
import type { FormState } from '@/components/admin/action-form';
import type { DraftPreviewState } from '@/components/admin/draft-preview';
import { saveChange } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { countryForPage, pageSnapshot } from '@/server/pages/staff-queries';
import { countryPageTemplate, templateGaps } from '@/domain/content/country-page';
import { approvalInput, doorAnswer } from '@/app/admin/approval-form';
import { PreviewBody } from './_view';

/** The domain readers' error codes, translated for the fields. */
function invalid({ t, fail }: StaffActionContext, errors: Record<string, string>, area: 'pages' | 'company'): FormState {
  type Key = Parameters<typeof t>[0];
  return fail(Object.fromEntries(Object.entries(errors).map(([name, code]) => [name, t(`${area}.errors.${code}` as Key)])));
}

function done(message: string, seq: number): FormState {
  revalidatePath('/admin/pages', 'layout');
  revalidatePath('/admin/company');
  return { status: 'ok', message, seq };
}

const withApproval = z.object(approvalInput);

export const savePageAction = staffAction('content.write', withApproval, async (approval, ctx, code: string, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  const db = await getDb();
  // Bound arguments come back from the browser as sent: check them like any field.
  const current = typeof code === 'string' && isPageCode(code) ? await pageSnapshot(db, code) : null;
  if (!current) return { status: 'error', message: t('data.notFound'), seq };
  const { snapshot, errors } = readPageForm(ctx.read, current);
  if (Object.keys(errors).length > 0) return invalid(ctx, errors satisfies PageFormErrors, 'pages');
  const outcome = await saveChange(db, 'page.save', { code, snapshot }, staff.actor, { note: approval.approvalNote, effectiveAt: approval.effectiveAt });
  return doorAnswer(ctx, outcome, {
    published: (result, changed) => done(changed && result.ok && result.version !== null ? t('pages.saved', { version: result.version }) : t('data.unchanged'), seq),
  });
});

/** Restoring a version is a change like any other: it goes through the door. */
export const restorePageAction = staffAction('content.write', z.object({}), async (_input, ctx, code: string, number: number, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  if (typeof code !== 'string' || !isPageCode(code)) return { status: 'error', message: t('data.notFound'), seq };
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) return { status: 'error', message: t('pages.unknownVersion'), seq };
  const outcome = await saveChange(await getDb(), 'page.restore', { code, number }, staff.actor, { note: t('approval.restoreNote', { number }) });
  return doorAnswer(ctx, outcome, {
    published: (result, changed) => done(changed && result.ok && result.version !== null ? t('pages.restored', { number, version: result.version }) : t('data.unchanged'), seq),
    invalid: () => ({ status: 'error', message: t('pages.unknownVersion'), seq }),
  });
});

/**
 * A country's new information page (docs/decisions/035): the form is read on the template's structure,
 * every gap of the template must be filled, then the door proposes the creation (`page.create`) or,
 * under a policy without approval, creates and publishes it at once.
 */
export const createCountryPageAction = staffAction('content.write', withApproval, async (approval, ctx, countryCode: string, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  const db = await getDb();
  const country = typeof countryCode === 'string' && /^[A-Z]{2}$/.test(countryCode) ? await countryForPage(db, countryCode) : null;
  if (!country) return { status: 'error', message: t('data.notFound'), seq };
  const { snapshot, errors } = readPageForm(ctx.read, countryPageTemplate(country));
  if (Object.keys(errors).length > 0) return invalid(ctx, errors satisfies PageFormErrors, 'pages');
  const gaps = templateGaps(snapshot);
  if (gaps.length > 0) return ctx.fail(Object.fromEntries(gaps.map((name) => [name, t('pages.countryCreate.errors.gap')])));
  const name = country.title[staff.locale] || country.title.fr;
  const outcome = await saveChange(db, 'page.create', { country: country.code, snapshot }, staff.actor, { note: approval.approvalNote, effectiveAt: approval.effectiveAt });
  return doorAnswer(ctx, outcome, {
    published: () => done(t('pages.countryCreate.created', { country: name }), seq),
    invalid: (problems) =>
      problems.fields.country
        ? { status: 'error', message: t(problems.fields.country === 'exists' ? 'pages.countryCreate.errors.exists' : 'pages.countryCreate.errors.unknown-country', { country: name }), seq }
        : ctx.fail(Object.fromEntries(Object.keys(problems.fields).map((field) => [field, t('pages.countryCreate.errors.gap')]))),
    unknown: () => ({ status: 'error', message: t('pages.countryCreate.errors.exists', { country: name }), seq }),
  });
});

export const saveCompanyAction = staffAction('content.write', withApproval, async (approval, ctx, _state: FormState): Promise<FormState> => {
  const { staff, t, seq } = ctx;
  const { input, errors } = readCompanyForm(ctx.read);
  if (Object.keys(errors).length > 0) return companyInvalid(ctx, errors, input);
  const outcome = await saveChange(await getDb(), 'company.save', input, staff.actor, { note: approval.approvalNote, effectiveAt: approval.effectiveAt });
  return doorAnswer(ctx, outcome, {
    published: (_result, changed) => done(changed ? t('company.saved') : t('data.unchanged'), seq),
    invalid: (problems) => companyInvalid(ctx, problems.fields, input),
  });
});

/** The company form's errors, translated (a colour short of contrast names its ratio: company/_errors.ts). */
function companyInvalid(ctx: StaffActionContext, errors: Readonly<Record<string, string>>, input: CompanyInput): FormState {
  return ctx.fail(companyErrorTexts(ctx.t, errors, input.identity));
}

/**
 * The texts of the edit form as typed, unsaved, drawn for a visitor of `previewLang` with the public
 * page's components. Writes nothing; texts that could not be saved are not drawn.
 */
export const previewPageDraftAction = staffAction(
  'backoffice.read',
  z.object({ previewLang: field.text() }),
  async ({ previewLang }, ctx, code: string, _state: DraftPreviewState): Promise<DraftPreviewState> => {
    const { staff, t, seq } = ctx;
    const db = await getDb();
    const current = typeof code === 'string' && isPageCode(code) ? await pageSnapshot(db, code) : null;
    if (!current) return { status: 'error', message: t('data.notFound'), seq };
    const locale = isAdminLocale(previewLang) ? previewLang : staff.locale;
    const { snapshot, errors } = readPageForm(ctx.read, current);
    if (Object.keys(errors).length > 0) return { status: 'error', message: t('pages.previewInvalid', { count: Object.keys(errors).length }), seq };
    const language = t(`language.${locale}`);
    return {
      status: 'ok',
      message: t('pages.previewDraftReady', { language }),
      preview: <PreviewBody t={t} staffLocale={staff.locale} code={code} snapshot={snapshot} locale={locale} />,
      seq,
    };
  },
);
