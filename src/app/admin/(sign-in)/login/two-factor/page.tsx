import type { Metadata } from 'next';
import Link from 'next/link';
import { adminTranslator } from '@/i18n/admin';
import { Notice } from '@/components/ui/notice';
import { PublicFrame } from '@/components/admin/public-frame';
import { flash } from '@/server/auth/flash';
import { adminLocale } from '@/server/auth/staff';
import { chooseLoginLocale, verifySecondFactor } from '@/app/admin/(sign-in)/_actions';
import { languageSwitch } from '@/app/admin/(sign-in)/_public-frame-props';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('twoFactor.title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The second step of signing in, for accounts with a TOTP second factor. */
export default async function TwoFactorPage({ searchParams }: Props) {
  const query = await searchParams;
  const locale = await adminLocale();
  const t = adminTranslator(locale);
  const error = flash(query, 'error', ['wrong'] as const);
  return (
    <PublicFrame skipLabel={t('skip')} title={t('nav.label')} language={languageSwitch(t, locale, '/admin/login/two-factor')} chooseLocale={chooseLoginLocale}>
      <h1 className="mb-4 text-2xl font-semibold">{t('twoFactor.title')}</h1>
      <p className="mb-4">{t('twoFactor.intro')}</p>
      {error && <Notice tone="error">{t('twoFactor.wrong')}</Notice>}
      <form action={verifySecondFactor} className="space-y-4">
        <InputField label={t('twoFactor.code')} id="code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,8}" required />
        <Button type="submit">
          {t('twoFactor.submit')}
        </Button>
      </form>
      <p className="mt-6">
        <Link href="/admin/login" className="text-brand underline">
          {t('twoFactor.backToLogin')}
        </Link>
      </p>
    </PublicFrame>
  );
}
