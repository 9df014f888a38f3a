/**
 * A real OpenID Connect provider for the tests (panva's oidc-provider, in-process): discovery, JWKS,
 * authorization code with PKCE, ID tokens signed with a key made at start. Its login screen is a
 * one-field form (label "Email", button "Sign in") that signs in one of the accounts the test gives;
 * consent is implied (a first-party client).
 *
 * `tamper` makes the token endpoint hand out a validly SIGNED ID token that is wrong in one way
 * (another audience, or expired), as a misconfigured or malicious provider, or a replayed token, would.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** `emailVerified: false`: the provider does not vouch for the address (its `email_verified` claim is false). */
export type TestIdentity = { sub: string; email: string; name?: string; groups?: string[]; emailVerified?: boolean };
export type Tamper = 'none' | 'wrong-audience' | 'expired';

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestIdentity>;
  setTamper(tamper: Tamper): void;
  close(): Promise<void>;
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body><main>
<h1>Test identity provider</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label for="email">Email</label> <input id="email" name="email" type="email" required>
<button type="submit">Sign in</button></form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

export async function startTestProvider(options: { port: number; redirectUri: string; clientId?: string; clientSecret?: string }): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = options.clientId ?? 'fundhouse-back-office';
  const clientSecret = options.clientSecret ?? 'test-client-secret-of-the-back-office';
  const accounts = new Map<string, TestIdentity>();
  let tamper: Tamper = 'none';

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const who = [...accounts.values()].find((a) => a.sub === sub);
      if (!who) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: who.email, email_verified: who.emailVerified ?? true, name: who.name ?? who.email, ...(who.groups ? { groups: who.groups } : {}) }),
      };
    },
    // A first-party client: every scope it asks is granted without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || ctx.status !== 200 || tamper === 'none') return;
    const body = ctx.body as { id_token?: string } & Record<string, unknown>;
    if (!body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    const changed =
      tamper === 'wrong-audience'
        ? { ...claims, aud: 'another-application' }
        : // Issued two hours ago, expired an hour ago: far outside any clock tolerance.
          { ...claims, iat: now - 7200, exp: now - 3600 };
    const idToken = await new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
    ctx.body = { ...body, id_token: idToken };
  });

  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(details.uid));
      return;
    }
    const email = ((await readForm(req)).get('email') ?? '').trim().toLowerCase();
    const who = accounts.get(email);
    if (!who) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(details.uid, 'Unknown user'));
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: who.sub } }, { mergeWithLastSubmission: false });
  }

  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setTamper: (value) => {
      tamper = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
