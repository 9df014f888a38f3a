'use server';

/**
 * The registration grid's save (issue 21), built with staffAction (same origin, signed in, the
 * `registrations.write` permission; a forbidden one answers 403 and changes nothing): the ticked
 * cells and the effective date go to src/server/registrations, which saves, audits and publishes.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import type { FormState } from '@/components/admin/action-form';
import { requiresApproval, submitChange } from '@/server/approval/service';
import { staffAction } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { saveRegistrationGrid } from '@/server/registrations/commands';
import { approvalInput, badEffectiveAt, proposalAnswer } from './approval-form';

/** A grid has shares × countries × profiles cells: far below this; a bigger post is refused. */
const MAX_CELLS = 20_000;

const grid = z.object({
  cell: field.list().transform((cells) => cells.filter((v) => v.length <= 80)).pipe(z.array(z.string()).max(MAX_CELLS)),
  date: field.text(40),
  ...approvalInput,
});

export const saveRegistrationGridAction = staffAction(
  'registrations.write',
  grid,
  async ({ cell: ticked, date: day, approvalNote, effectiveAt }, { staff, t, seq }, fundId: number, _state: FormState): Promise<FormState> => {
    if (requiresApproval('registrations')) {
      // Under the approval policy the grid is proposed as saved (docs/approval.md); its cells are checked when it is published.
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { status: 'error', message: t('registrations.badDate'), seq };
      const outcome = await submitChange(await getDb(), 'registration.grid', { fundId, ticked: [...new Set(ticked)].sort(), date: day }, staff.actor, { note: approvalNote, effectiveAt });
      revalidatePath('/admin', 'layout');
      return proposalAnswer(t, outcome, seq, (changed) => (changed ? t('data.saved') : t('data.unchanged')));
    }
    const result = await saveRegistrationGrid(await getDb(), fundId, ticked, day, staff.actor);
    if (!result.ok) {
      if (result.error === 'unknown-fund') return { status: 'error', message: t('data.notFound'), seq };
      if (result.error === 'bad-date' || !('cells' in result)) return { status: 'error', message: t('registrations.badDate'), seq };
      const errors = Object.fromEntries(
        result.cells.map((c) => [`${c.shareId}|${c.country}|${c.profile}`, t(`registrations.cellErrors.${c.error}`, { profile: c.profile, country: c.country, isin: c.isin, date: day })]),
      );
      return { status: 'error', message: t('registrations.refused'), errors, seq };
    }
    revalidatePath('/admin/funds', 'layout');
    if (result.changed === 0) return { status: 'ok', message: t('data.unchanged'), seq };
    return { status: 'ok', message: t('registrations.saved', { registered: result.registered, withdrawn: result.withdrawn }), seq };
  },
  // The grid's answers carry no typed values (its cells are drawn from the stored grid).
  (errors, { t, seq }): FormState => {
    if ('cell' in errors) return { status: 'error', message: t('data.invalid'), seq };
    if ('date' in errors) return { status: 'error', message: t('registrations.badDate'), seq };
    return badEffectiveAt(t, {}, seq);
  },
);
