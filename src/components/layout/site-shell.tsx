import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PageTransition } from '@/components/behaviours/page-transition';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import type { LayoutData } from '@/domain/content/layout';

/** Every page's frame: skip link, header, the page in <main id="main">, footer. Pages bring their own h1. */
export function SiteShell({ data, status, children }: { data: LayoutData; status?: ReactNode; children: ReactNode }) {
  const t = useTranslations('Layout');
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-md focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-brand focus:shadow-lg focus:outline-2 focus:outline-brand"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader data={data} status={status} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <PageTransition>{children}</PageTransition>
      </main>
      <SiteFooter data={data} />
    </div>
  );
}
