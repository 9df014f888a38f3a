import Link from 'next/link';
import { SUPPORTED_LOCALES } from '@/env';
import { Notice } from '@/components/ui/notice';
import { SessionsTable } from '@/components/admin/sessions-table';
import { listSessions } from '@/server/auth/accounts';
import { MIN_PASSWORD_LENGTH } from '@/server/auth/config';
import { flash } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { passwordLoginEnabled } from '@/server/auth/sso';
import { revokeAccountSessions } from '@/app/admin/(staff)/accounts/_actions';
import { changeMyPassword, chooseMyLocale } from './_actions';
import { sessionLabels, sessionViews } from '@/app/admin/(staff)/accounts/_sessions-view';
import { Button } from '@/components/ui/button';
import { InputField, Label, Select } from '@/components/ui/field';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('me.title');


/** The staff member's own account: language, password, second factor, sessions. */
export default async function MyAccountPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams);
  const sessions = await listSessions(await getDb(), staff.id);
  const done = flash(query, 'done', ['languageSaved', 'passwordChanged', 'revoked'] as const);
  const error = flash(query, 'error', ['wrongCurrent', 'tooShort'] as const);
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('me.title')}</h1>
      <p className="mb-4 break-all">
        {staff.email} — {t(`roles.${staff.role}`)}
      </p>
      {done && <Notice tone="success">{done === 'revoked' ? t('sessions.revoked') : t(`me.${done}`)}</Notice>}
      {error && <Notice tone="error">{error === 'tooShort' ? t('setPassword.tooShort', { min: MIN_PASSWORD_LENGTH }) : t('me.wrongCurrent')}</Notice>}

      <form action={chooseMyLocale} className="flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor="locale">
            {t('me.language')}
          </Label>
          <Select id="locale" name="locale" defaultValue={staff.locale}>
            {SUPPORTED_LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">
          {t('language.submit')}
        </Button>
      </form>

      {/* Passwords off (STAFF_PASSWORD_LOGIN=false): no password to change, and the identity provider's MFA stands for TOTP. */}
      {passwordLoginEnabled() && (
        <>
          <section aria-labelledby="password-title" className="mt-8 max-w-xl">
            <h2 id="password-title" className="mb-3 text-xl font-semibold">
              {t('me.password')}
            </h2>
            <form action={changeMyPassword} className="space-y-4">
              <InputField label={t('me.current')} id="current" name="current" type="password" autoComplete="current-password" required />
              <InputField label={t('me.new')} id="new" name="new" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} maxLength={128} required aria-describedby="new-hint">
                <p id="new-hint" className="mt-1 text-sm text-muted">
                  {t('setPassword.hint', { min: MIN_PASSWORD_LENGTH })}
                </p>
              </InputField>
              <Button type="submit">
                {t('me.submitPassword')}
              </Button>
            </form>
          </section>

          <section aria-labelledby="two-factor-title" className="mt-8">
            <h2 id="two-factor-title" className="mb-3 text-xl font-semibold">
              {t('enrol.title')}
            </h2>
            <p className="mb-2">{staff.twoFactorEnabled ? t('enrol.on') : t('enrol.off')}</p>
            <Link href="/admin/me/two-factor" className="text-brand underline">
              {staff.twoFactorEnabled ? t('enrol.disable') : t('enrol.start')}
            </Link>
          </section>
        </>
      )}

      <SessionsTable userId={staff.id} sessions={sessionViews(staff.locale, sessions, staff.sessionId)} canRevoke revoke={revokeAccountSessions} labels={sessionLabels(t)} />
    </>
  );
}
