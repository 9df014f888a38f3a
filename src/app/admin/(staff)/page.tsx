import type { Metadata } from 'next';
import { adminTranslator } from '@/i18n/admin';
import { adminLocale, requireStaff } from '@/server/auth/staff';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('home.title') };
}

export default async function AdminHome() {
  const staff = await requireStaff('backoffice.read');
  const t = adminTranslator(staff.locale);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('home.title')}</h1>
      <p>{t('home.welcome', { email: staff.email })}</p>
      <p>{t('home.role', { role: t(`roles.${staff.role}`) })}</p>
      <p className="mt-4 max-w-prose text-muted">{t('home.intro')}</p>
    </>
  );
}
