import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { adminTranslator } from '@/i18n/admin';
import { Notice } from '@/components/ui/notice';
import { PublicFrame } from '@/components/admin/public-frame';
import { MIN_PASSWORD_LENGTH } from '@/server/auth/config';
import { flash, queryText } from '@/server/auth/flash';
import { adminLocale } from '@/server/auth/staff';
import { passwordLoginEnabled } from '@/server/auth/sso';
import { chooseLoginLocale, setPassword } from '@/app/admin/(sign-in)/_actions';
import { languageSwitch } from '@/app/admin/(sign-in)/_public-frame-props';
import { Button } from '@/components/ui/button';
import { Input, InputField } from '@/components/ui/field';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('setPassword.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where invitation and reset links lead: the token in the link is used once, before it expires. */
export default async function SetPasswordPage({ searchParams }: Props) {
  if (!passwordLoginEnabled()) redirect('/admin/login?error=passwordsOff');
  const query = await searchParams;
  const locale = await adminLocale();
  const t = adminTranslator(locale);
  const token = queryText(query, 'token');
  const error = flash(query, 'error', ['mismatch', 'tooShort', 'invalid'] as const);
  const back = `/admin/set-password?token=${encodeURIComponent(token)}`;
  return (
    <PublicFrame skipLabel={t('skip')} title={t('nav.label')} language={languageSwitch(t, locale, back)} chooseLocale={chooseLoginLocale}>
      <h1 className="mb-4 text-2xl font-semibold">{t('setPassword.title')}</h1>
      {error && <Notice tone="error">{t(`setPassword.${error}`, { min: MIN_PASSWORD_LENGTH })}</Notice>}
      <form action={setPassword} className="space-y-4">
        <Input type="hidden" name="token" value={token} />
        <InputField label={t('setPassword.password')} id="password" name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} maxLength={128} required aria-describedby="password-hint">
          <p id="password-hint" className="mt-1 text-sm text-muted">
            {t('setPassword.hint', { min: MIN_PASSWORD_LENGTH })}
          </p>
        </InputField>
        <InputField label={t('setPassword.confirm')} id="confirm" name="confirm" type="password" autoComplete="new-password" maxLength={128} required />
        <Button type="submit">
          {t('setPassword.submit')}
        </Button>
      </form>
    </PublicFrame>
  );
}
