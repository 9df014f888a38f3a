/**
 * A staff single sign-on driven the way a browser would, without one (integration tests): the
 * sign-in starts as the server action does (Better Auth's signInSocial), the browser's trip through
 * the test provider (tests/support/oidc-provider.ts) is a few fetches with a cookie jar, and the
 * provider's redirect back is handed to the app's callback handler (src/server/auth/sso-callback.ts).
 */
import { createServer } from 'node:net';
import { SSO_PROVIDER_ID } from '../../src/domain/staff/sso';
import { getAuth } from '../../src/server/auth/config';
import { ssoCallback } from '../../src/server/auth/sso-callback';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

class Jar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export type SignOnResult = { location: string; cookie: string };

/** Signs `email` on through the provider and returns where the app's callback sends the browser, and the app's cookies. */
export async function signOn(site: string, email: string): Promise<SignOnResult> {
  const auth = await getAuth();
  const started = await auth.api.signInSocial({
    body: { provider: SSO_PROVIDER_ID, callbackURL: '/admin', newUserCallbackURL: '/admin', errorCallbackURL: '/admin/login', disableRedirect: true },
    headers: new Headers({ origin: site }),
    returnHeaders: true,
  });
  const app = new Jar();
  app.take(started.headers);
  const idp = new Jar();

  let url = started.response.url ?? '';
  if (!url) throw new Error('signInSocial gave no URL');
  // The browser's trip at the provider: authorize → its login form → back to authorize → our callback.
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(`${site}/`)) break;
    const answer = await fetch(url, { redirect: 'manual', headers: { cookie: idp.header() } });
    idp.take(answer.headers);
    if (answer.status >= 300 && answer.status < 400) {
      url = new URL(answer.headers.get('location') ?? '', url).href;
      continue;
    }
    const html = await answer.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected page at the provider (${answer.status}): ${html.slice(0, 300)}`);
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: idp.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
    idp.take(posted.headers);
    if (posted.status < 300 || posted.status >= 400) throw new Error(`the provider refused the login of ${email}: ${(await posted.text()).slice(0, 300)}`);
    url = new URL(posted.headers.get('location') ?? '', url).href;
  }
  if (!url.startsWith(`${site}/api/admin/auth/callback/`)) throw new Error(`the provider did not come back to the callback: ${url}`);
  const back = await ssoCallback(new Request(url, { headers: { cookie: app.header() } }), SSO_PROVIDER_ID);
  app.take(back.headers);
  return { location: back.headers.get('location') ?? `(status ${back.status})`, cookie: app.header() };
}

/** The `error` code of a redirect to the sign-in screen, or null. */
export function errorOf(location: string): string | null {
  return new URL(location, 'http://x').searchParams.get('error');
}
