import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { TokenScope } from '@/domain/roles';
import { recordAudit, type Actor } from '@/server/audit/record';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import { apiToken } from '@/server/db/schema';

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

export type TokenRow = typeof apiToken.$inferSelect;

export async function listApiTokens(db: Db): Promise<Omit<TokenRow, 'tokenHash'>[]> {
  const rows = await db.select().from(apiToken).orderBy(desc(apiToken.createdAt));
  return rows.map(({ tokenHash: _hidden, ...row }) => row);
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
  request: Request,
  scope: TokenScope,
  given?: Db,
): Promise<{ actor: Actor & { type: 'token' }; tokenId: string } | Response> {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) return problem(401, 'unauthenticated', 'An API token is required: Authorization: Bearer <token>.');
  const db = given ?? (await getDb());
  const [row] = await db.select().from(apiToken).where(eq(apiToken.tokenHash, hashToken(match[1])));
  const now = new Date();
  if (!row) return problem(401, 'unauthenticated', 'Unknown API token.');
  if (row.revokedAt) return problem(401, 'unauthenticated', 'This API token was revoked.');
  if (row.expiresAt <= now) return problem(401, 'unauthenticated', 'This API token has expired.');
  if (row.scope !== scope) return problem(403, 'forbidden', `This API token is for "${row.scope}", not "${scope}".`);
  await db.update(apiToken).set({ lastUsedAt: now }).where(eq(apiToken.id, row.id));
  return { actor: { type: 'token', id: row.id, label: row.name }, tokenId: row.id };
}
