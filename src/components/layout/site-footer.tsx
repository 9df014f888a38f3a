import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/domain/routing/paths';
import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';
import { LinkedInIcon } from './icons';
import { legalLineParts } from './legal-line';
import { Logo } from './logo';
import { NavLink } from './nav-link';
import { NewTabHint } from './new-tab-hint';
import { container, focusRingOnDark } from './styles';
import type { LayoutData, NavLink as NavLinkData } from '@/domain/content/layout';

const footerLink = `inline-flex min-h-11 items-center rounded-sm text-white/90 underline-offset-4 hover:text-white hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-white lg:min-h-9 ${focusRingOnDark}`;
const heading = 'text-sm font-semibold tracking-wider text-white uppercase';

/** The site footer (docs/product.md §2): company, contact, main and legal links, cookie settings, the house's legal identity, social link, copyright. */
export async function SiteFooter({ data }: { data: LayoutData }) {
  const [t, tNotices] = await Promise.all([getTranslations('Layout'), getTranslations('Notices')]);
  const { company, main, legal } = data;
  const cityLine = [company.zipCode, company.city].filter(Boolean).join(' ');
  // The house's legal identity, as entered in the back-office (docs/decisions/059): what is given, in this order.
  const legalLine = legalLineParts(company.legal, t);
  // Computed per render, so the year turns over without a rebuild.
  const year = String(new Date().getFullYear());
  const links = (items: NavLinkData[]) =>
    items.map((l) => (
      <li key={l.href}>
        <NavLink href={l.href} className={footerLink}>
          {l.label}
        </NavLink>
      </li>
    ));

  return (
    <footer className="mt-auto bg-brand-dark text-white">
      <div className={`${container} grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4 lg:py-16`}>
        <div className="flex flex-col items-start gap-4 lg:col-span-2">
          <Logo tone="dark" href={data.home.href} title={company.title} label={t('homeLink', { company: company.title })} image={company.logo} />
          {company.address || cityLine ? (
            <address className="leading-relaxed text-white/90 not-italic">
              {company.address}
              {company.address && cityLine ? <br /> : null}
              {cityLine}
            </address>
          ) : null}
          {company.phone ? (
            <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} className={footerLink}>
              {t('phone', { phone: company.phone })}
            </a>
          ) : null}
          <NavLink href={main.contact.href} className={`inline-flex min-h-11 items-center rounded-md border border-white/60 px-5 font-semibold text-white hover:bg-white hover:text-brand-dark ${focusRingOnDark}`}>
            {main.contact.label}
          </NavLink>
        </div>
        <div>
          <h2 id="footer-navigation" className={heading}>
            {t('footerNavigation')}
          </h2>
          <nav aria-labelledby="footer-navigation" className="mt-4">
            <ul>
              {links([
                main.aboutUs,
                main.expertise,
                data.fundRange,
                { href: localizedPath('/documents', data.locale), label: t('documentLibrary') },
                { href: localizedPath('/shareholder-notices', data.locale), label: tNotices('title') },
                main.esg,
                main.news,
                { href: `${main.contact.href}#newsletter`, label: t('newsletter') },
                { href: localizedPath('/subscribe', data.locale), label: t('subscribe') },
                { href: localizedPath('/careers', data.locale), label: t('careers') },
              ])}
            </ul>
          </nav>
        </div>
        <div>
          <h2 id="footer-legal" className={heading}>
            {t('legalNavigation')}
          </h2>
          <nav aria-labelledby="footer-legal" className="mt-4">
            <ul>
              {links([legal.legalNotices, legal.regulatory, legal.sri, legal.gdpr, legal.accessibility, ...(data.countryPage ? [data.countryPage] : [])])}
              <li>
                <CookieSettingsButton label={t('cookieSettings')} className={`${footerLink} cursor-pointer text-left`} />
              </li>
            </ul>
          </nav>
        </div>
      </div>
      {legalLine.length > 0 ? (
        <div className="border-t border-white/15">
          <p className={`${container} py-4 text-sm leading-relaxed text-white/90`}>{legalLine.join(' · ')}</p>
        </div>
      ) : null}
      <div className="border-t border-white/15">
        {/* From 640 px the floating cookie button sits over the window's bottom-left corner (1 rem in, 3 rem
            wide): the page ends with 5 rem of the footer's colour, so its last line scrolls clear of it. */}
        <div className={`${container} flex flex-col-reverse gap-4 pt-6 pb-6 text-sm text-white/90 sm:flex-row sm:items-center sm:justify-between sm:pb-20`}>
          <p>{t('copyright', { year, company: company.title })}</p>
          {company.linkedin ? (
            <div className="flex items-center gap-3">
              <span>{t('followUs')}</span>
              <a
                href={company.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white hover:text-brand-dark ${focusRingOnDark}`}
              >
                <LinkedInIcon />
                <span className="sr-only">{t('linkedin')}</span>
                <NewTabHint icon={false} />
              </a>
            </div>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
