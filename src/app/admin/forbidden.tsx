import Link from 'next/link';
import { adminTranslator } from '@/i18n/admin';
import { adminLocale } from '@/server/auth/staff';

/** The back-office's 403 screen (forbidden() in requireStaff / requireStaffAction), in the staff member's language. */
export default async function AdminForbidden() {
  const t = adminTranslator(await adminLocale());
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-4 text-2xl font-semibold">{t('forbidden.title')}</h1>
      <p className="mb-6">{t('forbidden.body')}</p>
      <Link href="/admin" className="text-brand underline">
        {t('forbidden.back')}
      </Link>
    </main>
  );
}
