import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { MOBILE_MENU_KEYS, type MobileMenuLabels } from './menu-labels';
import { MobileMenu } from './mobile-menu';
import { container } from './styles';
import { TopBar } from './top-bar';
import type { LayoutData } from '@/domain/content/layout';

/**
 * The site header (docs/product.md §2): top bar and main menu from the navbar breakpoint (lg), the slide-in menu below it.
 * `status` is the page-loading bar: fixed at the top of the window, and inside the banner landmark.
 */
export async function SiteHeader({ data, status }: { data: LayoutData; status?: ReactNode }) {
  const [t, tCountry] = await Promise.all([getTranslations('Layout'), getTranslations('Country')]);
  const mobileLabels: MobileMenuLabels = { ...(Object.fromEntries(MOBILE_MENU_KEYS.map((k) => [k, t(k)])) as Record<(typeof MOBILE_MENU_KEYS)[number], string>), country: tCountry('label') };
  return (
    <header className="border-b border-slate-200 bg-white">
      {status}
      <TopBar data={data} />
      <div className={`${container} flex h-16 items-center justify-between gap-4 lg:h-20`}>
        <Logo href={data.home.href} title={data.company.title} label={t('homeLink', { company: data.company.title })} image={data.company.logo} />
        <MainNav data={data} />
        <MobileMenu data={data} labels={mobileLabels} />
      </div>
    </header>
  );
}
