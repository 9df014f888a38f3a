import { getTranslations } from 'next-intl/server';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { MobileMenu } from './mobile-menu';
import { container } from './styles';
import { TopBar } from './top-bar';
import type { LayoutData } from './types';

/** The site header (SPEC §2): top bar and main menu from the navbar breakpoint (lg), the slide-in menu below it. */
export async function SiteHeader({ data }: { data: LayoutData }) {
  const t = await getTranslations('Layout');
  return (
    <header className="border-b border-slate-200 bg-white">
      <TopBar data={data} />
      <div className={`${container} flex h-16 items-center justify-between gap-4 lg:h-20`}>
        <Logo href={data.home.href} title={data.company.title} label={t('homeLink', { company: data.company.title })} />
        <MainNav data={data} />
        <MobileMenu data={data} />
      </div>
    </header>
  );
}
