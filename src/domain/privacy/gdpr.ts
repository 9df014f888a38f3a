/**
 * The GDPR duties of the back-office (the fund house is the controller of the visitors' data): an
 * address as the erasure and access requests match it, the retention periods of the forms, and the
 * newsletter list (one row per address, its options and its consent date) as CSV for a mailing tool.
 * Pure: src/server/privacy applies these rules to the database.
 */
import { toCsv, type CsvCell } from '../csv/write';
import { FORMS, NEWSLETTER_OPTIONS } from '../forms/definitions';
import type { FormKind } from '../forms/fields';

/** The longest e-mail address a form accepts (RFC 5321's path limit, the forms' maxLength). */
export const MAX_EMAIL_LENGTH = 254;

/** The data fields that hold an e-mail address, per form: every field of kind `email`. */
export const EMAIL_FIELDS: Record<FormKind, string[]> = Object.fromEntries(
  Object.values(FORMS).map((form) => [form.kind, form.fields.filter((f) => f.kind === 'email').map((f) => f.name)]),
) as Record<FormKind, string[]>;

/** Every field name that holds an e-mail address in some form (today only `email`). */
export const ALL_EMAIL_FIELDS: string[] = [...new Set(Object.values(EMAIL_FIELDS).flat())];

/** Local part, one @, a domain with a dot; no spaces, no control characters. Loose on purpose: it only has to find what the forms stored. */
const EMAIL_SHAPE = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/u;

/**
 * An address as a GDPR request matches it: trimmed and lowercased (the stored value is compared the
 * same way, lower(btrim(…)) = this). Null when it is empty, too long or not an address.
 */
export function normalizeEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) return null;
  return email;
}

/** What the site holds about one address: what an erasure would remove. */
export type AddressSummary = {
  /** Submissions per form (only forms with some). */
  forms: Partial<Record<FormKind, number>>;
  submissions: number;
  attachments: number;
  /** Mails about those submissions or to the address, sent or not. */
  mails: number;
  /** Whether the address is a fund alerts subscriber (1) or not (0), and the funds it follows (confirmed or not). */
  alertSubscriber: number;
  alertFunds: number;
};

// ---------------------------------------------------------------- retention (src/domain/privacy/retention.ts: env.ts reads it)

export { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, RETENTION_FROM, retentionCutoff } from './retention';

// ---------------------------------------------------------------- newsletter

export type NewsletterOption = (typeof NEWSLETTER_OPTIONS)[number];
export const isNewsletterOption = (value: unknown): value is NewsletterOption => typeof value === 'string' && (NEWSLETTER_OPTIONS as readonly string[]).includes(value);

export const NEWSLETTER_PAGE_SIZE = 50;
/** The most subscribers one CSV file holds (a filter by option gives smaller files). */
export const MAX_NEWSLETTER_EXPORT_ROWS = 50_000;

export type Subscriber = {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  options: string[];
  /** When the latest subscription of this address was sent: the date of its consent. */
  consentAt: Date;
  locale: string;
};

/** The chosen options of a stored newsletter submission, known ones only, in the form's order. */
export function subscriberOptions(value: unknown): NewsletterOption[] {
  const chosen = Array.isArray(value) ? value : [];
  return NEWSLETTER_OPTIONS.filter((o) => chosen.includes(o));
}

const NEWSLETTER_HEADER = ['email', 'first_name', 'last_name', 'company', 'language', 'consent_at', ...NEWSLETTER_OPTIONS];

/**
 * The list for a mailing tool: one row per address, its names, language, consent date (ISO, UTC)
 * and one column per option (1 or 0). Through toCsv: no cell runs as a formula.
 */
export function subscribersCsv(rows: readonly Subscriber[], delimiter = ','): string {
  const body = rows.map((r): CsvCell[] => [r.email, r.firstName, r.lastName, r.company, r.locale, r.consentAt.toISOString(), ...NEWSLETTER_OPTIONS.map((o) => (r.options.includes(o) ? 1 : 0))]);
  return toCsv([NEWSLETTER_HEADER, ...body], { delimiter, bom: false });
}

// ---------------------------------------------------------------- unsubscribe

/** The unsubscribe token's form: 32 random bytes in base64url (256 bits, 43 characters). */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isUnsubscribeToken = (value: unknown): value is string => typeof value === 'string' && UNSUBSCRIBE_TOKEN.test(value);
