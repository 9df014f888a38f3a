'use server';

/** The languages and countries screen's action (issue 43, docs/decisions/061): through the approval door, kind `languages.save`. */
import { z } from 'zod';
import { readLanguageForm, type LanguageChoiceProblem } from '@/domain/language/offered';
import type { FormState } from '@/components/admin/action-form';
import { saveChange } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { approvalInput, doorAnswer } from '@/app/admin/approval-form';

const withApproval = z.object(approvalInput);

type ErrorCode = LanguageChoiceProblem | 'duplicate-rank' | 'bad-rank';
const ERROR_CODES: readonly ErrorCode[] = ['no-language', 'unknown-language', 'duplicate-language', 'unknown-country', 'duplicate-country', 'default-country', 'too-many', 'duplicate-rank', 'bad-rank'];

/** Each field's error, translated; an unknown code reads as the generic one. */
function errorTexts(ctx: StaffActionContext, errors: Readonly<Record<string, string>>): FormState {
  return ctx.fail(
    Object.fromEntries(
      Object.entries(errors).map(([name, code]) => [name, ERROR_CODES.includes(code as ErrorCode) ? ctx.t(`languages.errors.${code as ErrorCode}`) : ctx.t('data.invalid')]),
    ),
  );
}

/** Only an administrator chooses what the house offers, as only one opens the site (accounts.manage). */
export const saveLanguagesAction = staffAction('accounts.manage', withApproval, async (approval, ctx, _state: FormState): Promise<FormState> => {
  const { input, errors } = readLanguageForm(ctx.read);
  if (Object.keys(errors).length > 0) return errorTexts(ctx, errors);
  const outcome = await saveChange(await getDb(), 'languages.save', input, ctx.staff.actor, { note: approval.approvalNote, effectiveAt: approval.effectiveAt });
  return doorAnswer(ctx, outcome, {
    published: (_result, changed) => ({ status: 'ok', message: changed ? ctx.t('languages.saved') : ctx.t('data.unchanged'), seq: ctx.seq }),
    invalid: (problems) => errorTexts(ctx, problems.fields),
  });
});
