import 'server-only';
import { env } from '@/env';
import { judgeSiteverify, RECAPTCHA_VERSION, type CaptchaConfig, type SiteverifyResponse } from '@/domain/forms/captcha';

/**
 * What the forms are told about reCAPTCHA: null when it is off (neither key nor secret configured).
 * With a secret but no site key the server requires tokens the browser cannot get: the form then
 * says "ReCaptcha error: No key provided" (docs/product.md §5) instead of failing silently.
 */
export function captchaConfig(): CaptchaConfig | null {
  const { RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET } = env();
  if (!RECAPTCHA_SITE_KEY && !RECAPTCHA_SECRET) return null;
  return { siteKey: RECAPTCHA_SITE_KEY ?? null, version: RECAPTCHA_VERSION };
}

export type CaptchaOutcome =
  | { status: 'off' }
  | { status: 'verified'; score: number | null }
  | { status: 'rejected'; reason: string }
  /** The verification service could not be reached: the submission is kept, flagged (a visitor's request is never lost for it). */
  | { status: 'unverified'; reason: string };

const VERIFY_TIMEOUT_MS = 5000;

/**
 * Checks a token against RECAPTCHA_VERIFY_URL (Google's siteverify by default) when RECAPTCHA_SECRET
 * is set: successful, for this form's action, solved on this site (PUBLIC_BASE_URL's hostname).
 */
export async function verifyCaptcha(token: string | null, action: string, remoteIp: string): Promise<CaptchaOutcome> {
  const { RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL, PUBLIC_BASE_URL } = env();
  if (!RECAPTCHA_SECRET) return { status: 'off' };
  if (!token) return { status: 'rejected', reason: 'missing-input-response' };
  let body: SiteverifyResponse;
  try {
    const params = new URLSearchParams({ secret: RECAPTCHA_SECRET, response: token });
    if (remoteIp !== 'unknown') params.set('remoteip', remoteIp);
    const response = await fetch(RECAPTCHA_VERIFY_URL, { method: 'POST', body: params, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
    if (!response.ok) return { status: 'unverified', reason: `siteverify answered ${response.status}` };
    body = (await response.json()) as SiteverifyResponse;
  } catch (error) {
    return { status: 'unverified', reason: error instanceof Error ? error.message : String(error) };
  }
  const verdict = judgeSiteverify(body, action, new URL(PUBLIC_BASE_URL).hostname);
  return verdict.ok ? { status: 'verified', score: verdict.score } : { status: 'rejected', reason: verdict.reason };
}
