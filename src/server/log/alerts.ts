import 'server-only';
import type { Db } from '@/server/db';
import { requestDrain } from '@/server/outbox/drain';
import { recordAlert, type AlertEvent, type AlertOutcome } from './record-alert';

export { forgetAlertMemory, type AlertEvent, type AlertOutcome, type AlertSource } from './record-alert';

/**
 * Errors that reach the team (docs/operations.md "Logs and alerts"): the error is logged as an
 * alert event and, when ALERT_EMAIL is set, its alert mail is queued unless one went out for the
 * same error within the window (record-alert.ts). Never throws: reporting an error must not make
 * another. `drain` sends the queued mail at once (default); the outbox's own failures are recorded
 * with recordAlert instead, and go out on its next pass.
 */
export async function raiseAlert(event: AlertEvent, options: { db?: Db; now?: Date; drain?: boolean } = {}): Promise<AlertOutcome> {
  const outcome = await recordAlert(event, options);
  // requestDrain never rejects: a failed delivery pass is itself recorded as an alert.
  if (outcome.mailed && (options.drain ?? true)) void requestDrain();
  return outcome;
}
