'use server';

/**
 * The server actions of the distribution data screens (issue 32, docs/distribution-data.md): a share
 * class's distribution data and a fund's sustainability answers. Each reads its form into the
 * data it means (percentages as fractions) and hands it to the approval door, which validates it
 * with the domain's rules and proposes or applies it; every problem comes back beside its field,
 * translated.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { readDistributionForm, readSustainabilityForm } from '@/domain/distribution/form';
import type { FormState } from '@/components/admin/action-form';
import type { Problems } from '@/server/approval/commands';
import { saveChange } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { fundSustainabilityState } from '@/server/distribution/commands';
import { approvalInput, doorAnswer } from '@/app/admin/approval-form';
import { distributionProblemText, sustainabilityProblemText } from '@/app/admin/(staff)/funds/_distribution-fields';

const withApproval = z.object(approvalInput);
type Approval = z.output<typeof withApproval>;
const options = (approval: Approval) => ({ note: approval.approvalNote, effectiveAt: approval.effectiveAt });

function answers(ctx: StaffActionContext, text: (path: string, code: string) => string) {
  const { t, seq } = ctx;
  return {
    published: (_result: unknown, changed: boolean): FormState => {
      revalidatePath('/admin/funds', 'layout');
      return { status: 'ok', message: changed ? t('data.saved') : t('data.unchanged'), seq };
    },
    invalid: (problems: Problems): FormState => ctx.fail(Object.fromEntries(Object.entries(problems.fields).map(([path, code]) => [path, text(path, code)]))),
    unknown: (): FormState => ({ status: 'error', message: t('data.notFound'), seq }),
  };
}

export const saveDistributionAction = staffAction('funds.write', withApproval, async (approval, ctx, shareId: number, _state: FormState): Promise<FormState> => {
  const data = readDistributionForm(ctx.read);
  const outcome = await saveChange(await getDb(), 'share.distribution', { shareId, data }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, answers(ctx, (_path, code) => distributionProblemText(ctx.t, code)));
});

export const saveSustainabilityAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, _state: FormState): Promise<FormState> => {
  const db = await getDb();
  const state = await fundSustainabilityState(db, fundId);
  if (!state) return { status: 'error', message: ctx.t('data.notFound'), seq: ctx.seq };
  const data = readSustainabilityForm(ctx.read, state.fund.sfdrArticle);
  const outcome = await saveChange(db, 'fund.sustainability', { fundId, data }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, answers(ctx, (path) => sustainabilityProblemText(ctx.t, path)));
});
