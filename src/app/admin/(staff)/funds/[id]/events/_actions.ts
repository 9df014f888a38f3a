'use server';

/**
 * The server actions of a fund's events and their notices (issue 34, docs/back-office.md "Fund
 * events"), built with staffAction (same origin, signed in, `funds.write`; a forbidden one answers
 * 403 and changes nothing). Each reads the form into a change's input and hands it to the approval
 * door (kinds `event.save`, `event.delete`, `event.attach`, `event.detach`), which checks it with the
 * command's own validation (src/domain/events/input.ts) and proposes it or has
 * src/server/events/commands.ts store, audit and publish it. Everything is checked on the server:
 * the form works without JavaScript.
 */
import { createHash } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { field } from '@/domain/forms/form-input';
import type { FormState } from '@/components/admin/action-form';
import { saveChange } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { eventForStaff } from '@/server/events/staff-queries';
import { approvalInput, doorAnswer, withTaggingWarning } from '@/app/admin/approval-form';

const MB = MAX_DOCUMENT_BYTES / 1024 / 1024;
const LANGUAGES = ['fr', 'en', 'es'] as const;

function done(fundId: number, message: string, seq: number): FormState {
  revalidatePath(`/admin/funds/${fundId}`, 'layout');
  return { status: 'ok', message, seq };
}

type Key = Parameters<StaffActionContext['t']>[0];

/** The domain's and the notice's error codes, translated for their fields. */
function invalid(ctx: StaffActionContext, fields: Record<string, string>): FormState {
  const errors = Object.fromEntries(
    Object.entries(fields).map(([name, code]) => {
      const key = `events.errors.${code}` as Key;
      return [name, ctx.t.has(key) ? ctx.t(key, { mb: MB }) : ctx.t('form.badValue')];
    }),
  );
  return ctx.fail(errors);
}

const unknownEvent = ({ t, seq }: StaffActionContext) => (): FormState => ({ status: 'error', message: t('events.unknownEvent'), seq });
const options = (input: { approvalNote: string; effectiveAt: Date | null }) => ({ note: input.approvalNote, effectiveAt: input.effectiveAt });

/** An event of this fund (one of another fund is not reached from this fund's screens). */
async function ofFund(fundId: number, eventId: number): Promise<boolean> {
  const event = await eventForStaff(await getDb(), eventId);
  return event !== null && event.fundId === fundId;
}

async function pdf(file: File | null) {
  if (!file) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { bytes, fileName: file.name, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength };
}

const eventForm = z.object({
  type: field.text(60),
  tool: field.text(60),
  shareIds: field.list(),
  announcedOn: field.text(40),
  effectiveOn: field.text(40),
  endsOn: field.text(40),
  noticeFile: field.file(),
  noticeLocale: field.text(10),
  noticeCountries: field.list(),
  ...approvalInput,
});

/** Records a new event (eventId null; with its first notice when a PDF is posted) or changes one. */
export const saveEventAction = staffAction('funds.write', eventForm, async (input, ctx, fundId: number, eventId: number | null, _state: FormState): Promise<FormState> => {
  const { t, seq, read } = ctx;
  const raw = {
    type: input.type,
    tool: input.tool,
    shareIds: input.shareIds.slice(0, 1000),
    announcedOn: input.announcedOn,
    effectiveOn: input.effectiveOn,
    endsOn: input.endsOn,
    title: Object.fromEntries(LANGUAGES.map((l) => [l, read.get(`title.${l}`)])),
    body: Object.fromEntries(LANGUAGES.map((l) => [l, read.get(`body.${l}`)])),
  };
  if (input.noticeFile && input.noticeFile.size > MAX_DOCUMENT_BYTES) return invalid(ctx, { noticeFile: 'too-large' });
  const file = eventId === null ? await pdf(input.noticeFile) : null;
  const notice = file ? { locale: input.noticeLocale, countries: input.noticeCountries.slice(0, 301), fileName: file.fileName, sha256: file.sha256, size: file.size } : null;
  const outcome = await saveChange(await getDb(), 'event.save', { fundId, id: eventId, raw, notice }, ctx.staff.actor, { ...options(input), file: file?.bytes ?? null });
  if (outcome.mode === 'published' && outcome.result.ok && eventId === null) {
    revalidatePath(`/admin/funds/${fundId}`, 'layout');
    redirect(`/admin/funds/${fundId}/events/${outcome.result.id}?done=created`);
  }
  const answer = doorAnswer(ctx, outcome, {
    published: (_r, changed) => done(fundId, changed ? t('events.saved') : t('data.unchanged'), seq),
    invalid: (problems) => invalid(ctx, problems.fields),
    unknown: unknownEvent(ctx),
  });
  return file && answer.status === 'ok' && outcome.mode === 'proposed' ? withTaggingWarning(ctx, { mode: 'proposed', id: outcome.id }, answer, file.bytes) : answer;
});

const withApproval = z.object(approvalInput);

export const deleteEventAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, eventId: number, _state: FormState): Promise<FormState> => {
  if (!(await ofFund(fundId, eventId))) return unknownEvent(ctx)();
  const outcome = await saveChange(await getDb(), 'event.delete', { eventId }, ctx.staff.actor, options(approval));
  if (outcome.mode === 'published' && outcome.result.ok) {
    revalidatePath(`/admin/funds/${fundId}`, 'layout');
    redirect(`/admin/funds/${fundId}/events?done=deleted`);
  }
  return doorAnswer(ctx, outcome, { published: () => unknownEvent(ctx)(), unknown: unknownEvent(ctx) });
});

const noticeForm = z.object({ noticeFile: field.file(), noticeLocale: field.text(10), noticeCountries: field.list(), ...approvalInput });

export const attachNoticeAction = staffAction('funds.write', noticeForm, async (input, ctx, fundId: number, eventId: number, _state: FormState): Promise<FormState> => {
  const { t, seq } = ctx;
  if (!(await ofFund(fundId, eventId))) return unknownEvent(ctx)();
  if (!input.noticeFile) return invalid(ctx, { noticeFile: 'empty' });
  if (input.noticeFile.size > MAX_DOCUMENT_BYTES) return invalid(ctx, { noticeFile: 'too-large' });
  const file = await pdf(input.noticeFile);
  if (!file) return invalid(ctx, { noticeFile: 'empty' });
  const outcome = await saveChange(
    await getDb(),
    'event.attach',
    { eventId, locale: input.noticeLocale, countries: input.noticeCountries.slice(0, 301), fileName: file.fileName, sha256: file.sha256, size: file.size },
    ctx.staff.actor,
    { ...options(input), file: file.bytes },
  );
  const answer = doorAnswer(ctx, outcome, {
    published: (result, changed) => done(fundId, !changed ? t('data.unchanged') : result.ok && result.replacedId ? t('events.replaced') : t('events.attached'), seq),
    invalid: (problems) => invalid(ctx, problems.fields),
    unknown: unknownEvent(ctx),
  });
  if (answer.status !== 'ok') return answer;
  if (outcome.mode === 'published') return outcome.result.ok && outcome.result.tagged === false ? { ...answer, warning: t('documents.untagged') } : answer;
  return outcome.mode === 'proposed' ? withTaggingWarning(ctx, { mode: 'proposed', id: outcome.id }, answer, file.bytes) : answer;
});

export const detachNoticeAction = staffAction('funds.write', withApproval, async (approval, ctx, fundId: number, eventId: number, documentId: number, _state: FormState): Promise<FormState> => {
  const { t, seq } = ctx;
  if (!(await ofFund(fundId, eventId))) return unknownEvent(ctx)();
  const outcome = await saveChange(await getDb(), 'event.detach', { eventId, documentId }, ctx.staff.actor, options(approval));
  return doorAnswer(ctx, outcome, {
    published: () => done(fundId, t('events.detached'), seq),
    unknown: () => ({ status: 'error', message: t('events.unknownNotice'), seq }),
  });
});
