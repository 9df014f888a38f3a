'use server';

/**
 * The registration grid's save (issue 21), built with staffAction (same origin, signed in, the
 * `registrations.write` permission; a forbidden one answers 403 and changes nothing): the ticked
 * cells and the effective date go through the approval door, which proposes the grid or has
 * src/server/registrations save, audit and publish it.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import type { FormState } from '@/components/admin/action-form';
import { saveChange } from '@/server/approval/door';
import { staffAction } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { approvalInput, badEffectiveAt, doorAnswer } from '@/app/admin/approval-form';

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
  async ({ cell: ticked, date: day, approvalNote, effectiveAt }, ctx, fundId: number, _state: FormState): Promise<FormState> => {
    const { t, seq } = ctx;
    const outcome = await saveChange(await getDb(), 'registration.grid', { fundId, ticked: [...new Set(ticked)].sort(), date: day }, ctx.staff.actor, { note: approvalNote, effectiveAt });
    return doorAnswer(ctx, outcome, {
      published: (result) => {
        if (result.ok) {
          revalidatePath('/admin/funds', 'layout');
          if (result.changed === 0) return { status: 'ok', message: t('data.unchanged'), seq };
          return { status: 'ok', message: t('registrations.saved', { registered: result.registered, withdrawn: result.withdrawn }), seq };
        }
        if (result.error === 'unknown-fund') return { status: 'error', message: t('data.notFound'), seq };
        if (result.error === 'bad-date' || !('cells' in result)) return { status: 'error', message: t('registrations.badDate'), seq };
        const errors = Object.fromEntries(
          result.cells.map((c) => [`${c.shareId}|${c.country}|${c.profile}`, t(`registrations.cellErrors.${c.error}`, { profile: c.profile, country: c.country, isin: c.isin, date: day })]),
        );
        return { status: 'error', message: t('registrations.refused'), errors, seq };
      },
      invalid: () => ({ status: 'error', message: t('registrations.badDate'), seq }),
    });
  },
  // The grid's answers carry no typed values (its cells are drawn from the stored grid).
  (errors, { t, seq }): FormState => {
    if ('cell' in errors) return { status: 'error', message: t('data.invalid'), seq };
    if ('date' in errors) return { status: 'error', message: t('registrations.badDate'), seq };
    return badEffectiveAt(t, {}, seq);
  },
);
