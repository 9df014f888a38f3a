import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ApprovalArea } from '@/domain/staff/approval';
import { NOTE_MAX } from '@/domain/staff/approval';
import { isIsoDate } from '@/domain/dates';
import { checkDocumentFile, MAX_DOCUMENT_BYTES, type DocumentFileProblem } from '@/domain/documents/file';
import { field } from '@/domain/forms/form-input';
import { parseUtcDateTime } from '@/domain/news/input';
import type { AdminT } from '@/i18n/admin';
import type { FieldSpec } from '@/components/admin/action-form';
import { rearmApprovalSchedule } from '@/server/approval/schedule';
import { requiresApproval, type SubmitResult } from '@/server/approval/service';

/**
 * What every save form of an area under the approval policy adds (docs/approval.md): its button
 * says Submit for approval, a note for the reviewer and an optional effective date (UTC, as news
 * schedules are). Without approval it says that it publishes (Publish, Publish the NAV…).
 */
export function saveLabel(t: AdminT, area: ApprovalArea, instant: string = t('approval.publish')): string {
  return requiresApproval(area) ? t('approval.submit') : instant;
}

/**
 * The button of a one-click change (archive, take off line, delete) in an area under the policy:
 * its own verb, followed by "submit for approval" so nobody believes it acts at once.
 */
export function actionLabel(t: AdminT, area: ApprovalArea, action: string): string {
  return requiresApproval(area) ? t('approval.submitAction', { action }) : action;
}

/**
 * A PDF submitted for approval (a fund's or an article's document): the checks its upload will make,
 * made now so that the author sees them, not the reviewer; then what the proposal stores, everything
 * but the bytes (kept beside it) with their hash and size.
 */
export function proposedDocument<U extends { fileName: string; bytes: Uint8Array; publishedAt: string; title?: string }>(
  upload: U,
): { ok: false; problem: DocumentFileProblem | 'bad-date' | 'bad-title' } | { ok: true; input: Omit<U, 'bytes'> & { sha256: string; size: number }; bytes: Uint8Array } {
  const problem = checkDocumentFile({ name: upload.fileName, size: upload.bytes.byteLength, bytes: upload.bytes }, MAX_DOCUMENT_BYTES);
  if (problem) return { ok: false, problem };
  if (!isIsoDate(upload.publishedAt)) return { ok: false, problem: 'bad-date' };
  if (upload.title !== undefined && upload.title.length > 300) return { ok: false, problem: 'bad-title' };
  const { bytes, ...rest } = upload;
  return { ok: true, input: { ...rest, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength }, bytes };
}

export function approvalFields(t: AdminT, area: ApprovalArea): FieldSpec[] {
  if (!requiresApproval(area)) return [];
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

/** The form's answer to a proposal (or to a save the policy published at once, through `published`). */
export function proposalAnswer(
  t: AdminT,
  outcome: SubmitResult,
  seq: number,
  published: (changed: boolean) => string,
): { status: 'ok' | 'error'; message: string; seq: number } {
  switch (outcome.mode) {
    case 'proposed':
      rearmApprovalSchedule();
      return { status: 'ok', message: t('approval.proposed'), seq };
    case 'unchanged':
      return { status: 'ok', message: t('approval.unchanged'), seq };
    case 'error':
      return { status: 'error', message: t('data.notFound'), seq };
    case 'published':
      return outcome.result.ok ? { status: 'ok', message: published(outcome.result.changed), seq } : { status: 'error', message: t('data.invalid'), seq };
  }
}

/** The error answer of a form whose effective date does not read. */
export function badEffectiveAt(t: AdminT, values: Record<string, string | string[]>, seq: number) {
  return { status: 'error' as const, message: t('data.invalid'), errors: { effectiveAt: t('approval.badEffectiveAt') }, values, seq };
}
