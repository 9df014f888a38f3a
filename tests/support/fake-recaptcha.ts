/**
 * A stand-in for Google's siteverify endpoint (RECAPTCHA_VERIFY_URL points at it in tests). It
 * answers like Google: tokens "e2e-ok:<action>" are valid for that action with a score of 0.9,
 * "e2e-low:<action>" score 0.1, both solved on `hostname` (the site's: PUBLIC_BASE_URL's host);
 * "e2e-elsewhere:<action>" is valid but solved on another site; anything else is invalid; a wrong
 * secret is refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRecaptcha = { port: number; url: string; requests: { secret: string; response: string }[]; stop(): Promise<void> };

export async function startFakeRecaptcha(secret: string, port = 0, hostname = '127.0.0.1'): Promise<FakeRecaptcha> {
  const requests: FakeRecaptcha['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      const request = { secret: params.get('secret') ?? '', response: params.get('response') ?? '' };
      requests.push(request);
      const [kind, action] = request.response.split(':');
      const answer =
        request.secret !== secret
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : kind === 'e2e-ok' || kind === 'e2e-low' || kind === 'e2e-elsewhere'
            ? {
                success: true,
                score: kind === 'e2e-low' ? 0.1 : 0.9,
                action,
                hostname: kind === 'e2e-elsewhere' ? 'harvester.example' : hostname,
                challenge_ts: new Date().toISOString(),
              }
            : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/siteverify`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
