import 'server-only';
import { createHash } from 'node:crypto';
import { AREA_OF, type ApprovalArea, type ChangeKind } from '@/domain/staff/approval';
import type { Db } from '@/server/db/client';
import { applyCommand, commandOf, type ChangeInput, type Problems, type ResultOf } from './commands';
import { approvalAreas, requiresApproval, storeProposal, type Person } from './service';

/**
 * THE door (issue 31, decision 037, docs/approval.md): every back-office change of what the public
 * reads goes through `saveChange`, and no server action decides for itself whether a change waits.
 * In one place, for every kind: the command's own validation, then the policy (APPROVAL_REQUIRED)
 * and whether this change reaches the public at all (a draft article's text does not), then either
 * the proposal is stored or the command runs (audited and published by its service). Server actions
 * only describe their input and turn the one outcome into the form's answer.
 */

export type DoorOptions = {
  note?: string;
  effectiveAt?: Date | null;
  /** A document's bytes: checked by the command, kept with a proposal until it is published. */
  file?: Uint8Array | null;
  /** The policy's areas; by default APPROVAL_REQUIRED. */
  areas?: readonly ApprovalArea[];
};

export type DoorOutcome<K extends ChangeKind> =
  /** The command ran: its service's answer (ok or refused by the service's own checks). */
  | { mode: 'published'; result: ResultOf<K>; changed: boolean }
  | { mode: 'proposed'; id: number }
  /** Under the policy, a proposal that would change nothing is not stored. */
  | { mode: 'unchanged' }
  | { mode: 'invalid'; problems: Problems }
  /** The target does not exist (any more), or a creation's slug or ISIN is taken. */
  | { mode: 'unknown' }
  | { mode: 'failed'; error: string; problems?: Problems };

/** Whether a change of this kind goes to a second person under the policy in force (the forms' labels say so). */
export function waitsForApproval(kind: ChangeKind, areas: readonly ApprovalArea[] = approvalAreas()): boolean {
  return requiresApproval(AREA_OF[kind], areas);
}

/** Whether the policy in force names this area: what the forms' labels and introductions say. */
export function policyCovers(area: ApprovalArea): boolean {
  return requiresApproval(area);
}

/** Validates, decides, then proposes or applies. The one entry of every back-office save of public data. */
export async function saveChange<K extends ChangeKind>(db: Db, kind: K, input: ChangeInput[K], author: Person, options: DoorOptions = {}): Promise<DoorOutcome<K>> {
  const command = commandOf(kind);
  const file = options.file ?? null;
  const problems = command.validate ? await command.validate(db, input, file) : null;
  if (problems) return { mode: 'invalid', problems };
  const waits = waitsForApproval(kind, options.areas ?? approvalAreas()) && (command.reachesPublic ? await command.reachesPublic(db, input) : true);
  if (!waits) {
    const { result, applied } = await applyCommand(db, kind, input, { type: 'account', id: author.id, label: author.label }, file);
    if (applied.ok) return { mode: 'published', result, changed: applied.changed };
    // The service found no such target (an id gone since the screen was drawn): the same answer as a proposal's.
    if (!applied.problems && /^unknown(-|$)/.test(applied.error)) return { mode: 'unknown' };
    return { mode: 'failed', error: applied.error, problems: applied.problems };
  }
  const stored = await storeProposal(db, kind, input, author, options);
  return stored.mode === 'proposed' ? stored : stored.mode === 'unchanged' ? { mode: 'unchanged' } : { mode: 'unknown' };
}

/**
 * A PDF posted to a form: what the door stores with a proposal (everything but the bytes, kept
 * beside it), with their SHA-256 and size; the command checks the bytes against them.
 */
export function withFileHash<U extends { bytes: Uint8Array }>(upload: U): { input: Omit<U, 'bytes'> & { sha256: string; size: number }; file: Uint8Array } {
  const { bytes, ...rest } = upload;
  return { input: { ...rest, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength }, file: bytes };
}
