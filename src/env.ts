import { z } from 'zod';
import { MAX_PURGE_URLS, parsePurgeUrls } from './domain/cache/purge-batches';
import { parseApprovalAreas } from './domain/staff/approval';
import { SUPPORTED_LOCALES, type Locale } from './domain/language/locale';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from './domain/privacy/retention';
import { parseRoleMap } from './domain/staff/sso';
import { DEFAULT_DEMO_HOUSE, DEMO_HOUSE_CODES, DEMO_HOUSE_COUNTRY, type DemoHouseCode } from './server/db/seed/house-codes';

/**
 * The one place configuration is read. The site runs with no variable at all
 * (embedded PGlite in .data/, no captcha, no mail); a bad value stops the start
 * with a readable message instead of failing later on a request.
 */
export { SUPPORTED_LOCALES };
export type { Locale };

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** SEED_DEMO: a demo house's code, `true` (and its synonyms) for the first one, `false` for none. */
const demoChoice = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v, ctx): DemoHouseCode | false => {
    if (v === undefined || v === '' || v === 'true' || v === '1' || v === 'on') return DEFAULT_DEMO_HOUSE;
    if (v === 'false' || v === '0' || v === 'off') return false;
    if ((DEMO_HOUSE_CODES as readonly string[]).includes(v)) return v as DemoHouseCode;
    ctx.addIssue({ code: 'custom', message: `must be true, false or a demo house: ${DEMO_HOUSE_CODES.join(', ')}` });
    return z.NEVER;
  });

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'on'));

/** A retention period: whole days, a day to 20 years; empty means the default. */
const retentionDays = (fallback: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS).default(fallback));

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional();
const logFormat = z.enum(['json', 'pretty']).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PGLITE_DIR: z.string().trim().min(1).default('.data/pglite'),
  /** Retired (docs/decisions/061): the house chooses its languages in the back-office. Read only to say so. */
  LOCALES: optionalString,
  ROOT_REDIRECT: optionalString.pipe(
    z
      .string()
      .regex(/^\/[^/]/, 'must be a path on this site, starting with a single /')
      .optional(),
  ),
  /**
   * The country of residence of a visitor who has not chosen one, and the sitemap's (docs/decisions/035);
   * unset, FR, or the home country of the demo house SEED_DEMO seeds (LU for the second one).
   */
  DEFAULT_COUNTRY: optionalString.pipe(
    z
      .string()
      .regex(/^(?:[A-Z]{2}|INT)$/, 'must be a country code of the country table, in capitals (FR, LU, INT)')
      .optional(),
  ),
  PUBLIC_BASE_URL: optionalUrl.default('http://localhost:3000'),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: optionalString.pipe(z.email().optional()).default('website@fictional-am.example'),
  MAIL_TO: optionalString.pipe(z.email().optional()).default('contact@fictional-am.example'),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_VERIFY_URL: optionalUrl.default('https://www.google.com/recaptcha/api/siteverify'),
  DOCUMENT_CHECK: booleanFlag(true),
  /** How many years a superseded KID or prospectus stays downloadable from the document library's archive (docs/decisions/032). */
  DOCUMENT_ARCHIVE_YEARS: z.coerce.number().int().min(1).max(50).default(10),
  /** The demo house seeded on an empty database (src/server/db/seed/house-codes.ts), or false: the base of a real house. */
  SEED_DEMO: demoChoice,
  /**
   * The house's name on a first start without the demo (SEED_DEMO=false): the company row of the base
   * seed (src/server/db/seed/base.ts) takes it in every language; unset, a neutral name ("Your fund
   * house", translated). Read once, on the empty database; staff change it later in the back-office.
   */
  COMPANY_NAME: optionalString.pipe(z.string().max(120, 'must be at most 120 characters').optional()),
  ENABLE_ERROR_TEST_ROUTE: booleanFlag(false),
  /** GET /api/test/submissions/{id}: lets the browser tests read back a stored submission. Never on in production. */
  ENABLE_SUBMISSION_INSPECTION: booleanFlag(false),
  /**
   * The shared cache in front of the site (docs/operations.md "Shared cache"): where a publication's
   * purge by tag goes (Varnish with xkey: one or several URLs, comma-separated), and how long it may
   * keep a page (Surrogate-Control, read by runtime/server.mjs), a bound that heals a lost purge.
   */
  CACHE_PURGE_URL: optionalString.pipe(z.string().refine((v) => parsePurgeUrls(v) !== null, `must be up to ${MAX_PURGE_URLS} http:// or https:// URLs, comma-separated`).optional()),
  CACHE_SURROGATE_MAX_AGE: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Where alerts about server errors are mailed (through the mail outbox). Without it they are only logged. */
  ALERT_EMAIL: optionalString.pipe(z.email().optional()),
  LOG_LEVEL: logLevel,
  LOG_FORMAT: logFormat,
  /**
   * Read and checked by runtime/server.mjs (plain JavaScript, before Next starts), listed here so
   * every variable is in one place: the interface to listen on, and the proxies whose
   * X-Forwarded-For is believed (runtime/client-address.mjs).
   */
  LISTEN_HOST: optionalString,
  TRUSTED_PROXIES: optionalString,
  /** Key of the HMAC that turns a client address into the hash kept with a submission; else one is made and stored in the database. */
  CLIENT_HASH_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Strict-Transport-Security (sent over https in production): includeSubDomains on by default, preload only on request. */
  HSTS_INCLUDE_SUBDOMAINS: booleanFlag(true),
  HSTS_PRELOAD: booleanFlag(false),
  /** false lets nodemailer send over plain smtp:// without STARTTLS (a local test server); never in production. */
  SMTP_REQUIRE_TLS: booleanFlag(true),
  /** Share of visits that report Core Web Vitals to /api/vitals (docs/decisions/034): 0 turns it off and loads no code. */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  RISK_FREE_RATE: z.coerce.number().min(-0.1).max(0.5).default(0.02),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(3).max(50).default(12),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  GRAPHQL_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1_000),
  /** false refuses introspection (__schema, __type) and the published SDL (/graphql/schema.graphql): docs/decisions/029. */
  GRAPHQL_INTROSPECTION: booleanFlag(true),
  /** Signs staff session cookies and encrypts TOTP secrets; without it the server makes one and keeps it in the database. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Areas whose changes wait for a second person's approval (docs/approval.md): a comma list among
   * funds, pages, company, news, documents. Unset: every area. Empty: every save publishes at once.
   */
  APPROVAL_REQUIRED: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const read = parseApprovalAreas(v);
      if (!read.ok) {
        ctx.addIssue({ code: 'custom', message: read.error });
        return z.NEVER;
      }
      return read.areas;
    }),
  /** Admins must enrol a TOTP second factor before using the back-office. */
  ADMIN_REQUIRE_2FA: booleanFlag(false),
  /** Creates this admin at start while no staff account exists (containers). Both or neither. */
  ADMIN_BOOTSTRAP_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_BOOTSTRAP_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').max(128).optional()),
  /**
   * Retention of the forms' submissions, in days (src/domain/privacy/gdpr.ts DEFAULT_RETENTION_DAYS, docs/back-office.md "GDPR duties"):
   * purged daily by the app and by `npm run submissions:purge`. The newsletter's counts from the unsubscription.
   */
  RETENTION_DAYS_CONTACT: retentionDays(DEFAULT_RETENTION_DAYS.contact),
  RETENTION_DAYS_NEWSLETTER: retentionDays(DEFAULT_RETENTION_DAYS.newsletter),
  RETENTION_DAYS_CAREER: retentionDays(DEFAULT_RETENTION_DAYS.career),
  RETENTION_DAYS_SUBSCRIBE: retentionDays(DEFAULT_RETENTION_DAYS.subscribe),
  /** Password of `npm run admin:create`; without it the command asks for it. */
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').max(128).optional()),
  /**
   * Staff single sign-on through OpenID Connect (decision 030): the issuer (its discovery document is
   * ISSUER/.well-known/openid-configuration), and this site's client at that provider. All three or none.
   */
  STAFF_OIDC_ISSUER: optionalUrl,
  STAFF_OIDC_CLIENT_ID: optionalString,
  STAFF_OIDC_CLIENT_SECRET: optionalString,
  /** The provider's name on the sign-in button ("Sign in with {name}"). */
  STAFF_OIDC_NAME: optionalString.default('SSO'),
  /** The ID token claim that carries the staff member's groups or roles (a string or a list), e.g. groups or roles. */
  STAFF_OIDC_ROLE_CLAIM: optionalString,
  /** Claim values to roles: "fund-admins=admin,marketing=editor,data-team=data,staff=reader". With the claim, or neither. */
  STAFF_OIDC_ROLE_MAP: optionalString.pipe(
    z
      .string()
      .superRefine((raw, ctx) => {
        const parsed = parseRoleMap(raw);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
      })
      .optional(),
  ),
  /** false turns password sign-in off (single sign-on only); needs STAFF_OIDC_*. */
  STAFF_PASSWORD_LOGIN: booleanFlag(true),
})
  .refine((v) => !v.ADMIN_BOOTSTRAP_EMAIL === !v.ADMIN_BOOTSTRAP_PASSWORD, {
    message: 'ADMIN_BOOTSTRAP_EMAIL and ADMIN_BOOTSTRAP_PASSWORD go together',
    path: ['ADMIN_BOOTSTRAP_PASSWORD'],
  })
  .refine((v) => !v.STAFF_OIDC_ISSUER === !v.STAFF_OIDC_CLIENT_ID && !v.STAFF_OIDC_ISSUER === !v.STAFF_OIDC_CLIENT_SECRET, {
    message: 'STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET go together',
    path: ['STAFF_OIDC_ISSUER'],
  })
  .refine((v) => !v.STAFF_OIDC_ROLE_CLAIM === !v.STAFF_OIDC_ROLE_MAP, {
    message: 'STAFF_OIDC_ROLE_CLAIM and STAFF_OIDC_ROLE_MAP go together',
    path: ['STAFF_OIDC_ROLE_MAP'],
  })
  .refine((v) => v.STAFF_PASSWORD_LOGIN || !!v.STAFF_OIDC_ISSUER, {
    message: 'STAFF_PASSWORD_LOGIN=false needs single sign-on (STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID, STAFF_OIDC_CLIENT_SECRET)',
    path: ['STAFF_PASSWORD_LOGIN'],
  });

export type Env = Omit<z.infer<typeof envSchema>, 'DEFAULT_COUNTRY'> & { DEFAULT_COUNTRY: string };

/**
 * LOCALES used to narrow the languages; the house now chooses them in the back-office ("Languages
 * and countries", docs/decisions/061). A value left set is ignored and said so once at start.
 */
export function retiredLocalesWarning(raw: string | undefined): string | null {
  return raw && raw.trim() !== '' ? '[retired] LOCALES is no longer read: the languages the site offers are chosen in the back-office (Languages and countries).' : null;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const retired = retiredLocalesWarning(source.LOCALES);
  if (retired) console.error(retired);
  const { DEFAULT_COUNTRY, SEED_DEMO } = result.data;
  return { ...result.data, DEFAULT_COUNTRY: DEFAULT_COUNTRY ?? (SEED_DEMO ? DEMO_HOUSE_COUNTRY[SEED_DEMO] : 'FR') };
}

export type LogSettings = { level: NonNullable<z.infer<typeof logLevel>>; format: NonNullable<z.infer<typeof logFormat>> };

/**
 * The logger's settings, read apart from env() (which is read once and cached): the logger exists
 * before anything else and must not freeze the configuration, nor fail on another variable's bad
 * value. JSON lines unless NODE_ENV is development or unset (a person at a terminal).
 */
export function logSettings(source: Record<string, string | undefined>): LogSettings {
  const level = logLevel.safeParse(source.LOG_LEVEL?.trim() || undefined).data ?? 'info';
  const format = logFormat.safeParse(source.LOG_FORMAT?.trim() || undefined).data ?? ((source.NODE_ENV ?? 'development') === 'development' ? 'pretty' : 'json');
  return { level, format };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
