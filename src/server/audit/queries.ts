import 'server-only';
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { auditLog } from '@/server/db/schema';

/** Entries per page of the audit screen: bounded, whatever the query string asks. */
export const AUDIT_PAGE_SIZE = 25;

export type AuditFilters = { entity?: string; person?: string; from?: string; to?: string; page?: number };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the audit log, newest first, filtered by entity, person (e-mail or token name contains) and a date range (days, UTC, inclusive). */
export async function listAudit(db: Db, filters: AuditFilters) {
  const conditions: SQL[] = [];
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.person) conditions.push(ilike(auditLog.actorLabel, `%${escapeLike(filters.person)}%`));
  if (filters.from && ISO_DAY.test(filters.from)) conditions.push(gte(auditLog.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to && ISO_DAY.test(filters.to)) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(auditLog.at, end));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const pages = Math.max(1, Math.ceil((total?.n ?? 0) / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1)), pages);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, page, pages, total: total?.n ?? 0 };
}

/** The entities that appear in the log, for the filter's choices. */
export async function auditEntities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity));
  return rows.map((r) => r.entity);
}
