import type { Locale } from '../language/locale';
import type { InvestorProfile } from '../catalog';

/**
 * Everything the header, the mobile menu and the footer show, prepared on the server by
 * src/server/site/layout-queries.ts for one locale and profile. Components receive it as props.
 */
export type NavLink = { href: string; label: string };

export type LayoutData = {
  locale: Locale;
  /** The languages this site serves (LOCALES), with their own names ("Français", "English"…). */
  languages: { locale: Locale; label: string }[];
  profile: InvestorProfile;
  profiles: { code: InvestorProfile; title: string }[];
  /** The country of residence the page is rendered for, and every country offered, with its languages (docs/decisions/035). */
  country: string;
  countries: { code: string; title: string; locales: Locale[] }[];
  /** The footer's "Information for investors in {country}" link, for the visitor's country only; null when it has none. */
  countryPage: NavLink | null;
  company: {
    title: string;
    /** The house's stored logo (docs/decisions/062); null: the site's own mark beside the name. */
    logo: { url: string; width: number; height: number } | null;
    address: string | null;
    zipCode: string | null;
    city: string | null;
    phone: string | null;
    pressEmail: string | null;
    linkedin: string | null;
    /** The legal identity the footer states (docs/decisions/059); each part null until entered. */
    legal: { name: string | null; form: string | null; registeredOffice: string | null; registerNumber: string | null; lei: string | null; regulator: string | null; authorisationNumber: string | null };
  };
  /** Top bar: the group's site and the "our jobs" external sites (open in a new tab). */
  groupLink: NavLink | null;
  jobs: NavLink[];
  /** Main menu, in order: about us, expertise, (funds dropdown), ESG, news, contact. */
  main: { aboutUs: NavLink; expertise: NavLink; esg: NavLink; news: NavLink; contact: NavLink };
  /** Funds the profile may see, sorted by category display order (docs/product.md §2). */
  funds: { slug: string; title: string; categoryTitle: string; href: string }[];
  fundRange: NavLink;
  /** Footer legal links: legal notices, regulatory information, SRI (responsible investment), GDPR, the accessibility statement. */
  legal: { legalNotices: NavLink; regulatory: NavLink; sri: NavLink; gdpr: NavLink; accessibility: NavLink };
  home: NavLink;
};
