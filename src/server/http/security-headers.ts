/**
 * Security headers of every response (docs/product.md "Security"). The public site's CSP is strict
 * (docs/decisions/028-strict-csp-on-cached-pages.md): no 'unsafe-inline', no 'unsafe-eval' in
 * production. Every page request gets a fresh nonce, which Next stamps on the scripts of a page
 * rendered for it (it reads the nonce from this header); a page served from Next's cache carries an
 * older nonce instead, and runtime/server.mjs adds the hashes of its own inline scripts to the CSP
 * (runtime/cached-page-csp.mjs). Script files come from this origin and the third-party hosts of
 * the services the visitor consented to. Violations are reported to CSP_REPORT_PATH.
 */
import { createHash } from 'node:crypto';
import { CONSENT_COOKIE, parseConsent } from '@/domain/privacy/consent';
import { DISCLAIMER_SCRIPT } from '@/domain/content/disclaimer-script';
import { env, type Env } from '@/env';

export { CONSENT_COOKIE };

/** Where browsers send the reports of what the CSP blocked (src/app/api/csp-report/route.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The endpoint's name in the Reporting-Endpoints header, for the CSP's report-to. */
const REPORT_GROUP = 'csp';

/** A fresh nonce, unpredictable, for one response. */
export function newNonce(): string {
  return btoa(crypto.randomUUID());
}

/**
 * The disclaimer popup's inline script (src/components/compliance/disclaimer-popup.tsx) is the
 * site's own, the same on every page: allowed by its hash, since Next stamps the nonce only on the
 * scripts it writes itself.
 */
const DISCLAIMER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(DISCLAIMER_SCRIPT, 'utf8').digest('base64')}'`;

/** The reporting directives and header shared by the public and back-office policies. */
const REPORT_DIRECTIVES = [`report-uri ${CSP_REPORT_PATH}`, `report-to ${REPORT_GROUP}`];
const REPORTING_ENDPOINTS = `${REPORT_GROUP}="${CSP_REPORT_PATH}"`;

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

type PolicyOptions = {
  /** This response's nonce. */
  nonce: string;
  /** Production build: development (`next dev`) also needs 'unsafe-eval' for React's debugging. */
  production: boolean;
  /** Served over HTTPS (directly or behind a TLS-terminating proxy): upgrade-insecure-requests. */
  https: boolean;
};

export function contentSecurityPolicy(services: Service[], { nonce, production, https }: PolicyOptions): string {
  const hosts = (kind: 'script' | 'frame' | 'connect') => services.flatMap((s) => SERVICE_HOSTS[s][kind]).join(' ');
  const directives = [
    "default-src 'self'",
    // No 'strict-dynamic': script files are allowed by host ('self' and consented services), inline
    // scripts by this nonce (pages rendered now) or by their hashes (cached pages, added on the way out).
    `script-src 'self' 'nonce-${nonce}' ${DISCLAIMER_SCRIPT_HASH}${production ? '' : " 'unsafe-eval'"} ${hosts('script')}`.trim(),
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
    ...REPORT_DIRECTIVES,
  ];
  if (production && https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Behind a TLS-terminating load balancer the request reaches us over http: its header is trusted. */
function overHttps(httpsUrl: boolean, headers: Headers): boolean {
  return httpsUrl || headers.get('x-forwarded-proto') === 'https';
}

type RequestLike = { cookies: { get(name: string): { value: string } | undefined }; nextUrl: URL; headers: Headers };

/**
 * The public site's headers. The proxy sets them on its response, and Next copies a proxy's response
 * headers onto the request it renders: that is how the page's render reads the nonce.
 */
export function securityHeaders(request: RequestLike, nonce: string = newNonce()): Record<string, string> {
  const production = process.env.NODE_ENV === 'production';
  const config = env();
  const captcha = Boolean(config.RECAPTCHA_SITE_KEY || config.RECAPTCHA_SECRET);
  const https = overHttps(request.nextUrl.protocol === 'https:', request.headers);
  const services = consentedServices(request.cookies.get(CONSENT_COOKIE)?.value, captcha);
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(services, { nonce, production, https }),
    'reporting-endpoints': REPORTING_ENDPOINTS,
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
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${DISCLAIMER_SCRIPT_HASH}${production ? '' : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    ...REPORT_DIRECTIVES,
  ];
  if (production && https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export function adminSecurityHeaders(request: RequestLike, nonce: string): Record<string, string> {
  const production = process.env.NODE_ENV === 'production';
  const https = overHttps(request.nextUrl.protocol === 'https:', request.headers);
  const headers: Record<string, string> = {
    'content-security-policy': adminContentSecurityPolicy(nonce, production, https),
    'reporting-endpoints': REPORTING_ENDPOINTS,
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

/**
 * What every JSON answer of a route outside the proxy carries (the GraphQL endpoint, the import
 * API): it runs no script and is never framed, so the strictest policy. Each adds its own
 * referrer policy and caching.
 */
export const JSON_API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Sets the public GraphQL endpoint's headers on its answer. The route runs outside the proxy
 * (src/proxy.ts, whose work per request weighed more than a cached answer: docs/decisions/051).
 */
export function setJsonApiSecurityHeaders(request: Request, headers: Headers): void {
  for (const name in JSON_API_HEADERS) headers.set(name, JSON_API_HEADERS[name] as string);
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (process.env.NODE_ENV === 'production' && overHttps(request.url.startsWith('https:'), request.headers)) {
    headers.set('strict-transport-security', strictTransportSecurity(env()));
  }
}

/** The house's images (/brand/…, docs/decisions/062): served by their route, never under the site's CSP. */
export const HOUSE_IMAGE_PATH = /^\/brand(?:\/|$)/;

/** An SVG served alone gets this policy: no script, no fetch, styles inline only, sandboxed. */
export const HOUSE_IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Every answer under /brand carries these, found or not: an SVG opened on its own runs nothing and
 * loads nothing (its own CSP, sandboxed), no browser guesses another type, nothing frames it.
 */
export const HOUSE_IMAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': HOUSE_IMAGE_CSP,
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-site',
  'referrer-policy': 'no-referrer',
};

