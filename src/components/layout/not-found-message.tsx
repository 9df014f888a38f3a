import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import { localizedPath } from '@/domain/routing/paths';

/**
 * The translated 404 screen inside the site's frame (docs/product.md §2 error screens): rendered by
 * [locale]/[profile]/not-found.tsx and, as a page of its own, by the unknown-page route the proxy
 * sends unknown slugs to, so that its text is in the server's HTML (docs/decisions/019).
 */
export async function NotFoundMessage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-brand">{t('message')}</h1>
      <p className="mt-4 text-muted">{t('explanation')}</p>
      <p className="mt-8">
        <a href={localizedPath('/', locale)} className="inline-block rounded bg-brand forced-colors:border px-5 py-3 font-semibold text-white hover:bg-brand-dark">
          {t('backHome')}
        </a>
      </p>
    </div>
  );
}
