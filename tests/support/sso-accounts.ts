/**
 * The accounts a single sign-on meets on tests/e2e/admin-sso.spec.ts's server, made in its PGlite
 * folder before that server starts (`npx tsx --conditions=react-server tests/support/sso-accounts.ts`,
 * PGLITE_DIR and PUBLIC_BASE_URL set, passwords on): accounts made by admins, with a password, as
 * they exist before a company turns single sign-on on. Prints `{ "secret": … }` (JSON), the TOTP
 * secret of the admin with a second factor, for the spec to compute her codes.
 */
import { createStaffAccount } from '@/server/auth/accounts';
import { createAuth } from '@/server/auth/config';
import { authSecret } from '@/server/auth/secret';
import { openDatabase } from '@/server/db/client';
import { totp } from './totp';

/** An admin with a TOTP second factor, an editor without one, and a reader the provider does not vouch for (the spec names them too). */
const SSO_ACCOUNTS = {
  admin2fa: 'ines@fundhouse.test',
  editor: 'paul@fundhouse.test',
  unverified: 'rosa@fundhouse.test',
} as const;

const PASSWORD = 'a-long-enough-password-1';
const actor = { type: 'system', label: 'e2e' } as const;

function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const database = await openDatabase();
try {
  await database.withLock(() => database.migrate());
  const { db } = database;
  const roles = [
    [SSO_ACCOUNTS.admin2fa, 'admin'],
    [SSO_ACCOUNTS.editor, 'editor'],
    [SSO_ACCOUNTS.unverified, 'reader'],
  ] as const;
  for (const [email, role] of roles) {
    const made = await createStaffAccount(db, { email, role, password: PASSWORD }, actor);
    if (!made.ok) throw new Error(`${email}: ${made.error}`);
  }
  // The admin enrols her second factor as she would on My account: password, then a first code.
  const { api } = createAuth(db, await authSecret(db));
  const signedIn = await api.signInEmail({ body: { email: SSO_ACCOUNTS.admin2fa, password: PASSWORD }, returnHeaders: true });
  const headers = new Headers({ cookie: cookieHeader(signedIn.headers) });
  const enabled = await api.enableTwoFactor({ body: { password: PASSWORD, method: 'totp' }, headers });
  if (enabled.method !== 'totp') throw new Error('TOTP expected');
  const secret = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
  await api.verifyTOTP({ body: { code: totp(secret) }, headers });
  await api.signOut({ headers });
  process.stdout.write(`${JSON.stringify({ secret })}\n`);
} finally {
  await database.close();
}
process.exit(0);
