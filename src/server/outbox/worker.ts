import 'server-only';
import { requestDrain, waitForDrain } from './drain';

/** How often each app process looks for mails that are due (new ones are sent right after their submission). */
export const OUTBOX_INTERVAL_MS = 10_000;

/**
 * Drains the mail outbox every OUTBOX_INTERVAL_MS in this process, and once at start for mails left
 * by a previous run. Every app process runs one; they share the outbox safely (claimDueMails).
 */
export function startOutboxWorker(): void {
  const holder = globalThis as { __fundhouseOutboxTimer?: ReturnType<typeof setInterval> };
  if (holder.__fundhouseOutboxTimer) return;
  holder.__fundhouseOutboxTimer = setInterval(() => void requestDrain(), OUTBOX_INTERVAL_MS);
  holder.__fundhouseOutboxTimer.unref();
  void requestDrain();
}

/**
 * Stops the timer and waits (at most `timeoutMs`) for a delivery pass under way, so that a mail
 * handed to the SMTP server is marked sent before the database closes.
 */
export async function stopOutboxWorker(timeoutMs = 10_000): Promise<void> {
  const holder = globalThis as { __fundhouseOutboxTimer?: ReturnType<typeof setInterval> };
  clearInterval(holder.__fundhouseOutboxTimer);
  holder.__fundhouseOutboxTimer = undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([waitForDrain(), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}
