/**
 * When the outbox tries a mail again after a failed attempt: 5 s, then doubling (10 s, 20 s, …),
 * at most an hour apart, for as long as it takes. A mail is never given up: attempts and the last
 * error stay on its row for the staff (npm run export:submissions shows them).
 */
export const RETRY_FIRST_SECONDS = 5;
export const RETRY_MAX_SECONDS = 3600;

export function retryDelaySeconds(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return exponent >= 20 ? RETRY_MAX_SECONDS : Math.min(RETRY_MAX_SECONDS, RETRY_FIRST_SECONDS * 2 ** exponent);
}
