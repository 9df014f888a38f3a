/**
 * The retention periods of the forms' submissions (docs/decisions/024). Apart from src/domain/privacy/gdpr.ts
 * and with no import but types, because src/env.ts (loaded by next.config.ts) reads the defaults.
 */
import type { FormKind } from '../forms/fields';

/**
 * Default retention periods, in days (docs/back-office.md "GDPR duties" justifies them):
 * - contact: 2 years after the request, enough to answer it and any follow-up (CNIL: prospects are
 *   kept at most 3 years after the last contact; a request answered is done sooner);
 * - career: 2 years after the application, as the CNIL recommends for candidates not hired;
 * - subscribe: 5 years, the anti-money-laundering (AML/KYC) period of the Monetary and Financial
 *   Code (L561-12) for what was gathered about a prospective investor;
 * - newsletter: kept while the address is subscribed (its consent is the legal basis and the
 *   submission is its proof), then 3 years after the unsubscription, to prove the consent and its
 *   withdrawal (the CNIL's limit for prospecting data).
 */
export const DEFAULT_RETENTION_DAYS: Record<FormKind, number> = { contact: 730, newsletter: 1095, career: 730, subscribe: 1825 };

/** A period must be at least a day and at most 20 years: a typo must not purge everything, nor keep forever. */
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 7300;

/** From which date a submission's retention counts: its creation, or for the newsletter its unsubscription. */
export const RETENTION_FROM: Record<FormKind, 'created' | 'unsubscribed'> = { contact: 'created', newsletter: 'unsubscribed', career: 'created', subscribe: 'created' };

const DAY_MS = 86_400_000;

/** The instant before which a submission of that form has outlived its period. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
