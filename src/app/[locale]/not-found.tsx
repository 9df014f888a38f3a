import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

export default async function NotFound() {
  const t = await getTranslations('NotFound');
  return (
    <main className="mx-auto max-w-3xl px-4 py-20 text-center">
      <title>{t('title')}</title>
      <h1 className="text-3xl font-bold">{t('message')}</h1>
      <p className="mt-8">
        <Link href="/" className="inline-block rounded bg-brand px-5 py-3 font-semibold text-white">
          {t('backHome')}
        </Link>
      </p>
    </main>
  );
}
