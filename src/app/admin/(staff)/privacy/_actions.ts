'use server';

/**
 * The server actions of the GDPR screen (/admin/privacy), built with staffAction (same origin,
 * signed in, `submissions.handle`; a forbidden one answers 403 and changes nothing). The address
 * is checked by the schema, then src/server/privacy looks it up or erases it (and audits).
 */
import { z } from 'zod';
import { field } from '@/domain/forms/form-input';
import { normalizeEmail, MAX_EMAIL_LENGTH } from '@/domain/privacy/gdpr';
import type { PrivacyState } from '@/components/admin/privacy-form';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { eraseAddress, summarizeAddress } from '@/server/privacy/requests';

/** What is shown back after an error is bounded too. */
const typed = (raw: unknown) => (typeof raw === 'string' ? raw.slice(0, MAX_EMAIL_LENGTH + 20) : '');

const address = z.object({
  email: field.text().transform((raw, check) => {
    const email = normalizeEmail(raw);
    if (email) return { email, typed: typed(raw) };
    check.addIssue({ code: 'custom', message: 'privacy.invalidEmail' });
    return z.NEVER;
  }),
});

function invalid(_errors: Record<string, string>, { t, values, seq }: StaffActionContext): PrivacyState {
  const message = t('privacy.invalidEmail');
  return { status: 'error', message, errors: { email: message }, typed: typed(values.email), seq };
}

export const lookUpAddress = staffAction(
  'submissions.handle',
  address,
  async ({ email: { email, typed } }, { t, seq }, _previous: PrivacyState): Promise<PrivacyState> => {
    const summary = await summarizeAddress(await getDb(), email);
    const message =
      summary.submissions + summary.mails + summary.alertSubscriber === 0 ? t('privacy.nothing') : t('privacy.found', { submissions: summary.submissions, files: summary.attachments, mails: summary.mails });
    return { status: 'found', email, typed, summary, title: t('privacy.summaryTitle', { email }), message, seq };
  },
  invalid,
);

export const eraseEverything = staffAction(
  'submissions.handle',
  address,
  async ({ email: { email } }, { staff, t, seq }, _previous: PrivacyState): Promise<PrivacyState> => {
    const erased = await eraseAddress(await getDb(), email, staff.actor);
    return {
      status: 'erased',
      email,
      typed: email,
      summary: { forms: {}, submissions: 0, attachments: 0, mails: 0, alertSubscriber: 0, alertFunds: 0 },
      message: t('privacy.erased', { submissions: erased.submissions, files: erased.attachments, mails: erased.mails }),
      seq,
    };
  },
  invalid,
);
