'use server';

/**
 * The server actions of the GDPR screen (/admin/privacy). Each checks the request first
 * (requireStaffAction: same origin, signed in, `submissions.handle`; a forbidden one answers 403 and
 * changes nothing), then validates the address, then calls src/server/privacy, which audits.
 */
import { normalizeEmail, MAX_EMAIL_LENGTH } from '@/domain/privacy';
import type { PrivacyState } from '@/components/admin/privacy-form';
import { adminTranslator } from '@/i18n/admin';
import { requireStaffAction } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { eraseAddress, summarizeAddress } from '@/server/privacy/requests';

function typed(form: FormData): string {
  const value = form.get('email');
  // What is shown back after an error is bounded too.
  return typeof value === 'string' ? value.slice(0, MAX_EMAIL_LENGTH + 20) : '';
}

export async function lookUpAddress(previous: PrivacyState, form: FormData): Promise<PrivacyState> {
  const staff = await requireStaffAction('submissions.handle');
  const t = adminTranslator(staff.locale);
  const raw = typed(form);
  const email = normalizeEmail(raw);
  const seq = (previous.seq ?? 0) + 1;
  if (!email) return { status: 'error', message: t('privacy.invalidEmail'), errors: { email: t('privacy.invalidEmail') }, typed: raw, seq };
  const summary = await summarizeAddress(await getDb(), email);
  const message =
    summary.submissions + summary.mails === 0 ? t('privacy.nothing') : t('privacy.found', { submissions: summary.submissions, files: summary.attachments, mails: summary.mails });
  return { status: 'found', email, typed: raw, summary, title: t('privacy.summaryTitle', { email }), message, seq };
}

export async function eraseEverything(previous: PrivacyState, form: FormData): Promise<PrivacyState> {
  const staff = await requireStaffAction('submissions.handle');
  const t = adminTranslator(staff.locale);
  const email = normalizeEmail(typed(form));
  const seq = (previous.seq ?? 0) + 1;
  if (!email) return { status: 'error', message: t('privacy.invalidEmail'), errors: { email: t('privacy.invalidEmail') }, typed: typed(form), seq };
  const erased = await eraseAddress(await getDb(), email, staff.actor);
  return {
    status: 'erased',
    email,
    typed: email,
    summary: { forms: {}, submissions: 0, attachments: 0, mails: 0 },
    message: t('privacy.erased', { submissions: erased.submissions, files: erased.attachments, mails: erased.mails }),
    seq,
  };
}
