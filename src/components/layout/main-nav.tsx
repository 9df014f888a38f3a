import { getTranslations } from 'next-intl/server';
import { FundsDropdown } from './funds-dropdown';
import { NavLink } from './nav-link';
import { focusRing } from './styles';
import type { LayoutData } from '@/domain/content/layout';

const underline =
  'relative after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:origin-left after:scale-x-0 after:bg-accent after:transition-transform motion-reduce:after:transition-none';
const navItem = `${underline} inline-flex h-11 items-center gap-1 rounded-sm px-3 font-medium whitespace-nowrap text-ink hover:text-brand hover:after:scale-x-100 aria-[current=page]:text-brand aria-[current=page]:after:scale-x-100 data-current:text-brand data-current:after:scale-x-100 data-[state=open]:text-brand ${focusRing}`;
const contactItem = `ml-2 inline-flex h-11 items-center rounded-md bg-brand forced-colors:border px-5 whitespace-nowrap font-semibold text-white hover:bg-brand-dark aria-[current=page]:bg-brand-dark ${focusRing}`;

/** Desktop main menu (≥ lg). */
export async function MainNav({ data }: { data: LayoutData }) {
  const t = await getTranslations('Layout');
  const { aboutUs, expertise, esg, news, contact } = data.main;
  return (
    <nav aria-label={t('mainNavigation')} className="hidden lg:block">
      <ul className="flex items-center gap-0.5 xl:gap-2">
        {[aboutUs, expertise].map((link) => (
          <li key={link.href}>
            <NavLink href={link.href} className={navItem}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <FundsDropdown funds={data.funds} fundRange={data.fundRange} label={t('funds')} triggerClassName={navItem} />
        </li>
        {[esg, news].map((link) => (
          <li key={link.href}>
            <NavLink href={link.href} className={navItem}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink href={contact.href} className={contactItem}>
            {contact.label}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
