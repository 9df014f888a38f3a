import 'server-only';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { ApprovalArea, ChangeKind } from '@/domain/staff/approval';
import { NOTE_MAX } from '@/domain/staff/approval';
import { field } from '@/domain/forms/form-input';
import { parseUtcDateTime } from '@/domain/news/input';
import type { AdminT } from '@/i18n/admin';
import type { FieldSpec, FormState } from '@/components/admin/action-form';
import type { Problems, ResultOf } from '@/server/approval/commands';
import { policyCovers, type DoorOutcome } from '@/server/approval/door';
import { rearmClock } from '@/server/clock/schedule';
import type { StaffActionContext } from '@/server/auth/staff-action';
import { pdfTagged } from '@/server/documents/tagging';

/**
 * What every save form of an area under the approval policy adds (docs/approval.md): its button
 * says Submit for approval, a note for the reviewer and an optional effective date (UTC, as news
 * schedules are). Without approval it says that it publishes (Publish, Publish the NAV…). Whether a
 * change waits is decided by the door (src/server/approval/door.ts), never here: these only say it.
 */
export function saveLabel(t: AdminT, area: ApprovalArea, instant: string = t('approval.publish')): string {
  return policyCovers(area) ? t('approval.submit') : instant;
}

/**
 * The button of a one-click change (archive, take off line, delete) in an area under the policy:
 * its own verb, followed by "submit for approval" so nobody believes it acts at once.
 */
export function actionLabel(t: AdminT, area: ApprovalArea, action: string): string {
  return policyCovers(area) ? t('approval.submitAction', { action }) : action;
}

/** What staff are told a save does under the policy in force: "the site shows it at once" or "it waits for approval". */
export function policyNote(t: AdminT, area: ApprovalArea): string {
  return policyCovers(area) ? t('approval.waitsNote') : t('approval.instantNote');
}

export function approvalFields(t: AdminT, area: ApprovalArea): FieldSpec[] {
  if (!policyCovers(area)) return [];
  return [
    { kind: 'textarea', name: 'approvalNote', label: t('approval.note'), hint: t('approval.noteHint'), rows: 2 },
    { kind: 'datetime-local', name: 'effectiveAt', label: t('approval.effectiveAt'), hint: t('approval.effectiveAtHint'), step: '1' },
  ];
}

/**
 * The note and effective date posted with a proposal, in a staffAction schema (spread them into its
 * z.object): the note clipped, the effective date a Date or null; one that does not read is an
 * error of its field.
 */
export const approvalInput = {
  approvalNote: field.text().transform((note) => note.slice(0, NOTE_MAX)),
  effectiveAt: field.text().transform((when, check) => {
    const text = when.trim();
    if (text === '') return null;
    const at = parseUtcDateTime(text);
    if (at) return at;
    check.addIssue({ code: 'custom', message: 'approval.badEffectiveAt' });
    return z.NEVER;
  }),
};

/** After a proposal: the back-office's counts and lists change (not the public site), and the schedule's next time may have moved. */
export function proposalStored(): void {
  rearmClock();
  revalidatePath('/admin', 'layout');
}

type Answers<K extends ChangeKind> = {
  /** The change was applied: its service's answer, and whether it changed anything. */
  published: (result: ResultOf<K>, changed: boolean) => FormState;
  /** The command's own checks refused the input: by default a generic error. */
  invalid?: (problems: Problems) => FormState;
  /** No such target (or a creation's slug or ISIN taken): by default "not found". */
  unknown?: () => FormState;
};

/**
 * The form's answer to the door's outcome: one helper for every action. A proposal refreshes the
 * back-office's counts and lists (the public site does not change) and re-arms the schedule.
 */
export function doorAnswer<K extends ChangeKind>({ t, seq }: StaffActionContext, outcome: DoorOutcome<K>, answers: Answers<K>): FormState {
  const invalid = answers.invalid ?? ((): FormState => ({ status: 'error', message: t('data.invalid'), seq }));
  switch (outcome.mode) {
    case 'proposed':
      proposalStored();
      return { status: 'ok', message: t('approval.proposed'), seq };
    case 'unchanged':
      return { status: 'ok', message: t('approval.unchanged'), seq };
    case 'unknown':
      return answers.unknown ? answers.unknown() : { status: 'error', message: t('data.notFound'), seq };
    case 'invalid':
      return invalid(outcome.problems);
    case 'failed':
      return invalid(outcome.problems ?? { fields: {} });
    case 'published':
      return answers.published(outcome.result, outcome.changed);
  }
}

/** The error answer of a form whose effective date does not read. */
export function badEffectiveAt(t: AdminT, values: Record<string, string | string[]>, seq: number) {
  return { status: 'error' as const, message: t('data.invalid'), errors: { effectiveAt: t('approval.badEffectiveAt') }, values, seq };
}

/**
 * A PDF upload's answer (a fund's or share class's document, a news item's), with a warning when the
 * file is not a tagged PDF: screen-reader users cannot read it (docs/back-office.md). The upload is
 * not refused. Applied at once, the command has read the file; proposed, it is read here, since the
 * command runs only on approval; any other outcome has no warning.
 */
export async function withTaggingWarning(
  { t }: StaffActionContext,
  outcome: DoorOutcome<'document.upload'> | DoorOutcome<'news.attach'>,
  answer: FormState,
  bytes: Uint8Array,
): Promise<FormState> {
  if (answer.status !== 'ok') return answer;
  const tagged = outcome.mode === 'published' ? (outcome.result.ok ? outcome.result.tagged : null) : outcome.mode === 'proposed' ? await pdfTagged(bytes) : null;
  return tagged === false ? { ...answer, warning: t('documents.untagged') } : answer;
}
