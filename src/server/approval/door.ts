import 'server-only';
import { createHash } from 'node:crypto';
import { AREA_OF, type ApprovalArea, type ChangeKind } from '@/domain/staff/approval';
import type { Db } from '@/server/db/client';
import type { Executor } from '@/server/db/types';
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
  /**
   * Awaited between the door's decision that the change needs no approval and its write: the tests
   * pause there to change the target meanwhile (tests/integration/door-races.int.test.ts).
   */
  afterDecision?: () => Promise<void>;
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

/** Thrown in the write's transaction when its target now reaches the public: rolled back, then proposed. */
class NowReachesPublic extends Error {}

/**
 * The database as a command's service sees it when the door decided it needs no approval: its first
 * transaction (every service writes in one, and writes nothing before it) first locks the target's
 * rows and looks again. A target that reached the public in the meantime (an article published, a
 * document put on line by an approval) rolls the write back; later transactions (a content refresh
 * after the write committed) are left alone.
 */
function guarded(db: Db, check: (tx: Executor) => Promise<void>): Db {
  let armed = true;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction' && armed) {
        const transaction: Db['transaction'] = (run, config) => {
          armed = false;
          return target.transaction(async (tx) => {
            await check(tx);
            return run(tx);
          }, config);
        };
        return transaction;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Validates, decides, then proposes or applies. The one entry of every back-office save of public data.
 * A change found to need no approval because its target is not public is written in a transaction
 * that locks the target and checks that again (issue 44): if the target became public between the
 * decision and the write, nothing is written and the change is proposed instead. Validation, the
 * uploaded file's checks included, is over before the decision.
 */
export async function saveChange<K extends ChangeKind>(db: Db, kind: K, input: ChangeInput[K], author: Person, options: DoorOptions = {}): Promise<DoorOutcome<K>> {
  const command = commandOf(kind);
  const file = options.file ?? null;
  const problems = command.validate ? await command.validate(db, input, file) : null;
  if (problems) return { mode: 'invalid', problems };
  const policy = waitsForApproval(kind, options.areas ?? approvalAreas());
  const waits = policy && (command.reachesPublic ? await command.reachesPublic(db, input) : true);
  if (!waits) {
    await options.afterDecision?.();
    const reachesPublic = policy ? command.reachesPublic : undefined;
    const target = reachesPublic
      ? guarded(db, async (tx) => {
          await command.lock?.(tx, input);
          if (await reachesPublic(tx, input)) throw new NowReachesPublic();
        })
      : db;
    try {
      const { result, applied } = await applyCommand(target, kind, input, { type: 'account', id: author.id, label: author.label }, file);
      if (applied.ok) return { mode: 'published', result, changed: applied.changed };
      // The service found no such target (an id gone since the screen was drawn): the same answer as a proposal's.
      if (!applied.problems && /^unknown(-|$)/.test(applied.error)) return { mode: 'unknown' };
      return { mode: 'failed', error: applied.error, problems: applied.problems };
    } catch (error) {
      if (!(error instanceof NowReachesPublic)) throw error;
    }
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
