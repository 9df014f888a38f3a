'use server';

/**
 * The registration grid's save (issue 21): checks the request (same origin, signed in, the
 * `registrations.write` permission; a forbidden one answers 403 and changes nothing), reads the ticked
 * cells and the effective date, and lets src/server/registrations save, audit and publish.
 */
import { revalidatePath } from 'next/cache';
import { adminTranslator } from '@/i18n/admin';
import type { FormState } from '@/components/admin/action-form';
import { requireStaffAction } from '@/server/auth/staff';
import { requiresApproval, submitChange } from '@/server/approval/service';
import { getDb } from '@/server/db';
import { saveRegistrationGrid } from '@/server/registrations/manage';
import { badEffectiveAt, proposalAnswer, readApprovalForm } from './approval-form';

/** A grid has shares × countries × profiles cells: far below this; a bigger post is refused. */
const MAX_CELLS = 20_000;

let seq = 0;
const next = () => ++seq;

export async function saveRegistrationGridAction(fundId: number, _state: FormState, form: FormData): Promise<FormState> {
  const staff = await requireStaffAction('registrations.write');
  const t = adminTranslator(staff.locale);
  const ticked = form.getAll('cell').filter((v): v is string => typeof v === 'string' && v.length <= 80);
  const date = form.get('date');
  if (ticked.length > MAX_CELLS) return { status: 'error', message: t('data.invalid'), seq: next() };
  const day = typeof date === 'string' ? date : '';
  if (requiresApproval('registrations')) {
    // Under the approval policy the grid is proposed as saved (docs/approval.md); its cells are checked when it is published.
    const approval = readApprovalForm(form);
    if (!approval.ok) return badEffectiveAt(t, {}, next());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { status: 'error', message: t('registrations.badDate'), seq: next() };
    const outcome = await submitChange(await getDb(), 'registration.grid', { fundId, ticked: [...new Set(ticked)].sort(), date: day }, staff.actor, { note: approval.note, effectiveAt: approval.effectiveAt });
    revalidatePath('/admin', 'layout');
    return proposalAnswer(t, outcome, next(), (changed) => (changed ? t('data.saved') : t('data.unchanged')));
  }
  const result = await saveRegistrationGrid(await getDb(), fundId, ticked, day, staff.actor);
  if (!result.ok) {
    if (result.error === 'unknown-fund') return { status: 'error', message: t('data.notFound'), seq: next() };
    if (result.error === 'bad-date' || !('cells' in result)) return { status: 'error', message: t('registrations.badDate'), seq: next() };
    const errors = Object.fromEntries(
      result.cells.map((c) => [`${c.shareId}|${c.country}|${c.profile}`, t(`registrations.cellErrors.${c.error}`, { profile: c.profile, country: c.country, isin: c.isin, date: typeof date === 'string' ? date : '' })]),
    );
    return { status: 'error', message: t('registrations.refused'), errors, seq: next() };
  }
  revalidatePath('/admin/funds', 'layout');
  if (result.changed === 0) return { status: 'ok', message: t('data.unchanged'), seq: next() };
  return { status: 'ok', message: t('registrations.saved', { registered: result.registered, withdrawn: result.withdrawn }), seq: next() };
}
