import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { adminTranslator } from '@/i18n/admin';
import { Notice } from '@/components/ui/notice';
import { PublicFrame } from '@/components/admin/public-frame';
import { flash, queryText } from '@/server/auth/flash';
import { adminLocale, currentStaff } from '@/server/auth/staff';
import { passwordLoginEnabled, ssoSettings } from '@/server/auth/sso';
import { ssoErrorFromCode } from '@/domain/staff/sso';
import { chooseLoginLocale, signIn, signInWithSso } from '@/app/admin/(sign-in)/_actions';
import { languageSwitch } from '@/app/admin/(sign-in)/_public-frame-props';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('login.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  if (await currentStaff()) redirect('/admin');
  const query = await searchParams;
  const locale = await adminLocale();
  const t = adminTranslator(locale);
  const error = flash(query, 'error', ['wrong', 'throttled', 'passwordsOff'] as const);
  const done = flash(query, 'done', ['signedOut', 'passwordSet'] as const);
  const minutes = Math.max(1, Number(queryText(query, 'minutes')) || 15);
  const sso = ssoSettings();
  const passwords = passwordLoginEnabled();
  // A single sign-on that came back refused (/admin/login?error=<code>): its own message, never the provider's text.
  const ssoError = sso && !error ? ssoErrorFromCode(queryText(query, 'error') || undefined) : null;
  return (
    <PublicFrame skipLabel={t('skip')} title={t('nav.label')} language={languageSwitch(t, locale, '/admin/login')} chooseLocale={chooseLoginLocale}>
      <h1 className="mb-6 text-2xl font-semibold">{t('login.title')}</h1>
      {done && <Notice tone="success">{t(`login.${done}`)}</Notice>}
      {error && (
        <Notice tone="error">
          {error === 'throttled' ? t('login.throttled', { minutes }) : error === 'passwordsOff' ? t('login.passwordsOff', { provider: sso?.name ?? 'SSO' }) : t('login.wrong')}
        </Notice>
      )}
      {ssoError && <Notice tone="error">{t(`login.${ssoError}`)}</Notice>}
      {sso && (
        <form action={signInWithSso} className="mb-6">
          <Button type="submit">
            {t('login.sso', { provider: sso.name })}
          </Button>
        </form>
      )}
      {passwords && sso && <h2 className="mb-4 text-lg font-semibold">{t('login.or')}</h2>}
      {passwords && (
        <>
          <form action={signIn} className="space-y-4">
            <InputField label={t('login.email')} id="email" name="email" type="email" autoComplete="username" required />
            <InputField label={t('login.password')} id="password" name="password" type="password" autoComplete="current-password" required />
            <Button type="submit">
              {t('login.submit')}
            </Button>
          </form>
          <p className="mt-6">
            <Link href="/admin/forgot-password" className="text-brand underline">
              {t('login.forgot')}
            </Link>
          </p>
        </>
      )}
    </PublicFrame>
  );
}
