import 'server-only';
import { SSO_PROVIDER_ID } from '@/domain/staff/sso';
import { getAuth } from './config';
import { ssoSettings } from './sso';

/** A provider's answer fits in a URL: code, state, iss, maybe an error (decision 030). */
const MAX_CALLBACK_URL = 8_192;

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * The identity provider's redirect back to us (GET, authorization code flow): handed to Better
 * Auth's own callback endpoint, which checks state (and its cookie), exchanges the code with PKCE,
 * verifies the ID token and nonce, runs our gates (sso.ts) and sets the session cookie. Better
 * Auth's handler serves only this path; every other operation stays a server action.
 */
export async function ssoCallback(request: Request, providerId: string): Promise<Response> {
  if (providerId !== SSO_PROVIDER_ID || !ssoSettings()) return plain(404, 'Not found');
  if (request.url.length > MAX_CALLBACK_URL) return plain(414, 'URI too long');
  const auth = await getAuth();
  const answer = await auth.handler(new Request(request.url, { method: 'GET', headers: request.headers }));
  // Better Auth answers the callback with a redirect (to /admin, or to /admin/login?error=…).
  const headers = new Headers(answer.headers);
  headers.set('cache-control', 'no-store');
  return new Response(answer.body, { status: answer.status, headers });
}
