/**
 * Security headers of every response (docs/product.md "Security"). Pages are cached per language and
 * profile, so the CSP cannot carry a per-request nonce (a nonce forces every page to render on
 * every request: see docs/decisions/002-csp-without-nonces.md); scripts are limited to this origin
 * and the third-party hosts of the services the visitor consented to.
 */
import { CONSENT_COOKIE, parseConsent } from '@/domain/consent';
import { env, type Env } from '@/env';

export { CONSENT_COOKIE };

/** Third-party hosts per optional service (docs/product.md §4: video off by default, captcha on). */
const SERVICE_HOSTS = {
  captcha: { script: ['https://www.google.com', 'https://www.gstatic.com'], frame: ['https://www.google.com', 'https://recaptcha.google.com'], connect: ['https://www.google.com'] },
  video: { script: [], frame: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'], connect: [] },
} as const;

type Service = keyof typeof SERVICE_HOSTS;

/**
 * The services the consent cookie turns on. Captcha is a required service, allowed whenever
 * reCAPTCHA is configured (a key or a secret), and its hosts are left out otherwise.
 */
export function consentedServices(cookieValue: string | undefined, captchaConfigured: boolean): Service[] {
  const services: Service[] = captchaConfigured ? ['captcha'] : [];
  if (parseConsent(cookieValue).video) services.push('video');
  return services;
}

/** Two years, with includeSubDomains unless turned off, and preload only when asked (it is a commitment to the browsers' lists). */
export function strictTransportSecurity(config: Pick<Env, 'HSTS_INCLUDE_SUBDOMAINS' | 'HSTS_PRELOAD'>): string {
  // The preload lists only take a policy that covers the subdomains.
  const subdomains = config.HSTS_INCLUDE_SUBDOMAINS || config.HSTS_PRELOAD;
  return ['max-age=63072000', ...(subdomains ? ['includeSubDomains'] : []), ...(config.HSTS_PRELOAD ? ['preload'] : [])].join('; ');
}

export function contentSecurityPolicy(services: Service[], production: boolean): string {
  const hosts = (kind: 'script' | 'frame' | 'connect') => services.flatMap((s) => SERVICE_HOSTS[s][kind]).join(' ');
  const directives = [
    "default-src 'self'",
    // Next inlines its flight data in <script> tags: without per-request nonces they need 'unsafe-inline'.
    `script-src 'self' 'unsafe-inline'${production ? '' : " 'unsafe-eval'"} ${hosts('script')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${hosts('connect')}`.trim(),
    `frame-src ${hosts('frame') || "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ];
  if (production) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

type RequestLike = { cookies: { get(name: string): { value: string } | undefined }; nextUrl: URL; headers: Headers };

export function securityHeaders(request: RequestLike): Record<string, string> {
  const production = process.env.NODE_ENV === 'production';
  const config = env();
  const captcha = Boolean(config.RECAPTCHA_SITE_KEY || config.RECAPTCHA_SECRET);
  // Behind a TLS-terminating load balancer the request reaches us over http: trust its header.
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(consentedServices(request.cookies.get(CONSENT_COOKIE)?.value, captcha), production && https),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (production && https) headers['strict-transport-security'] = strictTransportSecurity(config);
  return headers;
}

/** The back-office and its API: /admin and /api/admin (not localized, never cached, never indexed). */
export const ADMIN_PATH = /^\/(?:api\/)?admin(?:\/|$)/;

/**
 * The back-office's own CSP. Its pages render on every request, so unlike the public site's
 * cached pages they can carry a per-request nonce: only scripts with it (and what they load) run,
 * no inline script without it, no third-party host at all.
 */
export function adminContentSecurityPolicy(nonce: string, production: boolean, https: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${production ? '' : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  if (production && https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export function adminSecurityHeaders(request: RequestLike, nonce: string): Record<string, string> {
  const production = process.env.NODE_ENV === 'production';
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const headers: Record<string, string> = {
    'content-security-policy': adminContentSecurityPolicy(nonce, production, https),
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
    'x-content-type-options': 'nosniff',
    // same-origin, not no-referrer: a form posted without JavaScript must carry the page's Origin
    // (under no-referrer Chromium sends `Origin: null`, which the server actions refuse), while no
    // back-office address (a set-password link's token) ever leaves for another site.
    'referrer-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (production && https) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains; preload';
  return headers;
}
