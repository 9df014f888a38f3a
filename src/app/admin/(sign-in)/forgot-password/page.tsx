import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { adminTranslator } from '@/i18n/admin';
import { Notice } from '@/components/ui/notice';
import { PublicFrame } from '@/components/admin/public-frame';
import { flash, queryText } from '@/server/auth/flash';
import { adminLocale } from '@/server/auth/staff';
import { passwordLoginEnabled } from '@/server/auth/sso';
import { chooseLoginLocale, requestPasswordReset } from '@/app/admin/(sign-in)/_actions';
import { languageSwitch } from '@/app/admin/(sign-in)/_public-frame-props';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('forgot.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ForgotPasswordPage({ searchParams }: Props) {
  if (!passwordLoginEnabled()) redirect('/admin/login?error=passwordsOff');
  const query = await searchParams;
  const locale = await adminLocale();
  const t = adminTranslator(locale);
  const error = flash(query, 'error', ['email'] as const);
  const sent = queryText(query, 'sent') === '1';
  return (
    <PublicFrame skipLabel={t('skip')} title={t('nav.label')} language={languageSwitch(t, locale, '/admin/forgot-password')} chooseLocale={chooseLoginLocale}>
      <h1 className="mb-4 text-2xl font-semibold">{t('forgot.title')}</h1>
      <p className="mb-4 max-w-prose">{t('forgot.intro')}</p>
      {sent && <Notice tone="success">{t('forgot.sent')}</Notice>}
      {error && <Notice tone="error">{t('errors.email')}</Notice>}
      <form action={requestPasswordReset} className="space-y-4">
        <InputField label={t('forgot.email')} id="email" name="email" type="email" autoComplete="username" required />
        <Button type="submit">
          {t('forgot.submit')}
        </Button>
      </form>
    </PublicFrame>
  );
}
