import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { can, type TokenScope } from '@/domain/staff/roles';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { apiToken, staffUser } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

const TOKEN_PREFIX = 'fhk_';
/** The characters shown in lists to recognise a token: its fixed start and 8 random characters. */
const SHOWN = TOKEN_PREFIX.length + 8;
export const MAX_TOKEN_DAYS = 730;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type CreatedToken = { id: string; token: string; prefix: string; expiresAt: Date };

/**
 * A new import-API token: 32 random bytes, returned to show ONCE; only its sha256 is stored.
 * `createdBy` is the account that asked (null from the command line).
 */
export async function createApiToken(
  db: Db,
  input: { name: string; scope: TokenScope; days: number; createdBy: string | null },
  actor: Actor,
): Promise<CreatedToken> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = token.slice(0, SHOWN);
  const expiresAt = new Date(Date.now() + input.days * 86_400_000);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiToken)
      .values({ name: input.name.trim(), scope: input.scope, tokenHash: hashToken(token), prefix, expiresAt, createdBy: input.createdBy })
      .returning({ id: apiToken.id });
    if (!row) throw new Error('api_token: insert returned nothing');
    await recordAudit(tx, {
      actor,
      entity: 'api-token',
      entityId: row.id,
      action: 'created',
      after: { name: input.name.trim(), scope: input.scope, prefix, expiresAt },
    });
    return { id: row.id, token, prefix, expiresAt };
  });
}

export async function revokeApiToken(db: Db, id: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiToken).where(eq(apiToken.id, id)).for('update');
    if (!before) return false;
    if (before.revokedAt) return true;
    const revokedAt = new Date();
    await tx.update(apiToken).set({ revokedAt }).where(eq(apiToken.id, id));
    await recordAudit(tx, {
      actor,
      entity: 'api-token',
      entityId: id,
      action: 'revoked',
      before: { name: before.name, scope: before.scope, prefix: before.prefix, revokedAt: null },
      after: { revokedAt },
    });
    return true;
  });
}

/**
 * A token follows its owner: the admin who took it over, else the one who created it (null: made
 * with `npm run admin:token`, owned by nobody). Disabling the owner or changing their role revokes
 * it (src/server/auth/accounts.ts), in the same transaction, unless another admin took it over first.
 */
const ownedBy = (userId: string) =>
  or(eq(apiToken.takenOverBy, userId), and(isNull(apiToken.takenOverBy), eq(apiToken.createdBy, userId)));

export type OwnerChange = 'owner-disabled' | 'owner-role-changed';

/** Revokes every live token `userId` owns, each audited with the reason; returns how many. */
export async function revokeTokensOwnedBy(tx: Executor, userId: string, reason: OwnerChange, actor: Actor): Promise<number> {
  const revokedAt = new Date();
  const gone = await tx
    .update(apiToken)
    .set({ revokedAt })
    .where(and(ownedBy(userId), isNull(apiToken.revokedAt)))
    .returning({ id: apiToken.id, name: apiToken.name, scope: apiToken.scope, prefix: apiToken.prefix });
  for (const token of gone) {
    await recordAudit(tx, {
      actor,
      entity: 'api-token',
      entityId: token.id,
      action: 'revoked',
      before: { name: token.name, scope: token.scope, prefix: token.prefix, revokedAt: null },
      after: { revokedAt, reason, owner: userId },
    });
  }
  return gone.length;
}

/**
 * An admin takes a live token over: it follows their account from now on, and no longer its
 * previous owner's (who may be leaving). Audited with the previous and the new owner.
 */
export async function takeOverApiToken(db: Db, id: string, adminId: string, actor: Actor): Promise<'ok' | 'notFound' | 'revoked'> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiToken).where(eq(apiToken.id, id)).for('update');
    if (!before) return 'notFound';
    if (before.revokedAt) return 'revoked';
    const previous = before.takenOverBy ?? before.createdBy;
    if (previous === adminId) return 'ok';
    const takenOverAt = new Date();
    await tx.update(apiToken).set({ takenOverBy: adminId, takenOverAt }).where(eq(apiToken.id, id));
    await recordAudit(tx, {
      actor,
      entity: 'api-token',
      entityId: id,
      action: 'taken-over',
      before: { name: before.name, prefix: before.prefix, owner: previous },
      after: { owner: adminId, takenOverAt },
    });
    return 'ok';
  });
}

export type TokenRow = typeof apiToken.$inferSelect;
export type ListedToken = Omit<TokenRow, 'tokenHash'> & { ownerId: string | null; ownerEmail: string | null };

const owner = alias(staffUser, 'token_owner');

export async function listApiTokens(db: Db): Promise<ListedToken[]> {
  const rows = await db
    .select({ token: apiToken, ownerEmail: owner.email })
    .from(apiToken)
    .leftJoin(owner, eq(owner.id, sql`coalesce(${apiToken.takenOverBy}, ${apiToken.createdBy})`))
    .orderBy(desc(apiToken.createdAt));
  return rows.map(({ token: { tokenHash: _hidden, ...row }, ownerEmail }) => ({ ...row, ownerId: row.takenOverBy ?? row.createdBy, ownerEmail }));
}

function problem(status: 401 | 403, error: string, message: string): Response {
  return Response.json(
    { error, message },
    { status, headers: { 'cache-control': 'no-store', ...(status === 401 ? { 'www-authenticate': 'Bearer realm="import-api"' } : {}) } },
  );
}

/**
 * Authenticates an import-API request by its `Authorization: Bearer <token>` header, for one scope.
 * Returns the actor to audit the change with, or the Response to send back as is:
 * 401 when the token is missing, unknown, expired or revoked; 403 when it is valid for another scope.
 *
 * The CALLER audits each use: write the change and `recordAudit(tx, { actor, … })` in one
 * transaction, so every NAV, benchmark or document pushed through the API names its token.
 * `last_used_at` is updated here.
 */
export async function authenticateToken(
  db: Db,
  request: Request,
  scope: TokenScope,
): Promise<{ actor: Actor & { type: 'token' }; tokenId: string } | Response> {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) return problem(401, 'unauthenticated', 'An API token is required: Authorization: Bearer <token>.');
  const [found] = await db
    .select({ token: apiToken, ownerRole: owner.role, ownerDisabledAt: owner.disabledAt })
    .from(apiToken)
    .leftJoin(owner, eq(owner.id, sql`coalesce(${apiToken.takenOverBy}, ${apiToken.createdBy})`))
    .where(eq(apiToken.tokenHash, hashToken(match[1])));
  const row = found?.token;
  const now = new Date();
  if (!found || !row) return problem(401, 'unauthenticated', 'Unknown API token.');
  if (row.revokedAt) return problem(401, 'unauthenticated', 'This API token was revoked.');
  if (row.expiresAt <= now) return problem(401, 'unauthenticated', 'This API token has expired.');
  // Revoked with its owner already (revokeTokensOwnedBy); checked again here whatever changed the account.
  const ownerGone = found.ownerRole !== null && (!can(found.ownerRole, 'accounts.manage') || found.ownerDisabledAt !== null);
  if (ownerGone) return problem(401, 'unauthenticated', 'The account that owns this API token is disabled or no longer an admin.');
  if (row.scope !== scope) return problem(403, 'forbidden', `This API token is for "${row.scope}", not "${scope}".`);
  await db.update(apiToken).set({ lastUsedAt: now }).where(eq(apiToken.id, row.id));
  return { actor: { type: 'token', id: row.id, label: row.name }, tokenId: row.id };
}
