import 'server-only';
import { createHash } from 'node:crypto';
import { auditLog } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

/** Who made a change: a staff member, an import-API token, or the system (CLI, scheduled jobs). */
export type Actor =
  | { type: 'account'; id: string; label: string }
  | { type: 'token'; id: string; label: string }
  | { type: 'system'; label: string };

export type AuditEntry = {
  actor: Actor;
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * A value as the audit log keeps it: file bytes become their size and sha256, dates their ISO form;
 * everything else is kept as JSON keeps it.
 */
export function auditValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: value.byteLength, sha256: createHash('sha256').update(value).digest('hex') };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(auditValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, auditValue(inner)]));
  }
  return value;
}

function snapshot(record: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  return record ? (auditValue(record) as Record<string, unknown>) : null;
}

/** Writes one audit entry. Pass the transaction of the change itself, so both land or neither does. */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorType: entry.actor.type,
    actorId: entry.actor.type === 'system' ? null : entry.actor.id,
    actorLabel: entry.actor.label,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}
