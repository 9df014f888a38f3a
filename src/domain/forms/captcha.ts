/**
 * reCAPTCHA v3 (docs/product.md §5, §7, §8). The browser needs a site key and a version; the server checks the
 * token the browser got. These are the shapes both sides share.
 */
export const RECAPTCHA_VERSION = 3;

/** What the page tells the form; null when the site runs without captcha. */
export type CaptchaConfig = { siteKey: string | null; version: number | null };

/** docs/product.md §5: what is missing before any script is loaded. */
export function captchaConfigError(config: CaptchaConfig): 'noKey' | 'noVersion' | null {
  if (!config.siteKey) return 'noKey';
  if (!config.version) return 'noVersion';
  return null;
}

/** The lowest reCAPTCHA v3 score accepted (Google's suggested threshold). */
export const CAPTCHA_MIN_SCORE = 0.5;

export type SiteverifyResponse = { success?: boolean; score?: number; action?: string; hostname?: string; 'error-codes'?: string[] };

export type CaptchaVerdict = { ok: true; score: number | null } | { ok: false; reason: string };

/**
 * Google's siteverify answer for a token the form `action` asked for on the site `hostname` (the
 * host of PUBLIC_BASE_URL). A token solved on another site, which a bot could harvest there and
 * replay here, names that site's hostname and is refused.
 */
export function judgeSiteverify(body: SiteverifyResponse, action: string, hostname: string): CaptchaVerdict {
  if (body.success !== true) return { ok: false, reason: (body['error-codes'] ?? ['not-successful']).join(',') };
  if (body.hostname?.toLowerCase() !== hostname.toLowerCase()) return { ok: false, reason: `hostname ${body.hostname ?? '(none)'}, expected ${hostname}` };
  if (body.action !== undefined && body.action !== action) return { ok: false, reason: `action ${body.action}, expected ${action}` };
  if (typeof body.score === 'number' && body.score < CAPTCHA_MIN_SCORE) return { ok: false, reason: `score ${body.score}` };
  return { ok: true, score: typeof body.score === 'number' ? body.score : null };
}
