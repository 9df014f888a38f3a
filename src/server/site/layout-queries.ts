import 'server-only';
import { cache } from 'react';
import type { Locale } from '@/env';
import { audienceTag, countryPageCode, type Audience } from '@/domain/registrations/audience';
import { MENU_TAG, pageTag } from '@/domain/content/cache-tags';
import { markTags } from '@/server/cache/tags';
import type { InvestorProfile } from '@/domain/catalog';
import { localizedPath } from '@/domain/routing/paths';
import type { LayoutData } from '@/domain/content/layout';
import { listFunds, registeredCountries } from '../funds/queries';
import { getCompany, listCountries, listInvestorProfiles, listLanguages, listPages } from './queries';

/**
 * What the header, the mobile menu and the footer of every page show (one call per render). Every
 * page carries the menu's tag and its audience's: a menu change expires every page, a
 * registration change for a country and profile exactly the pages rendered for it (src/domain/content/cache-tags.ts).
 */
export const getLayoutData = cache(async (locale: Locale, audience: Audience): Promise<LayoutData> => {
  const [company, pages, funds, profiles, languages, countries, registered] = await Promise.all([
    getCompany(locale),
    listPages(locale),
    listFunds(locale, audience),
    listInvestorProfiles(locale),
    listLanguages(),
    listCountries(locale),
    registeredCountries(),
    // The header links to the audience's country page under its title.
    markTags([MENU_TAG, audienceTag(audience), pageTag(countryPageCode(audience.country))]),
  ]);
  const countryPage = registered.has(audience.country) ? pages.find((p) => p.code === countryPageCode(audience.country)) : undefined;
  const titleOf = (code: string) => pages.find((p) => p.code === code)?.title ?? code;
  const aboutUs = pages.find((p) => p.code === 'about-us');
  const info = (code: string) => company?.infos.find((i) => i.code === code)?.content ?? null;
  const groupTexts = aboutUs?.components.find((c) => c.code === 'group')?.texts ?? [];
  const groupText = (code: string) => groupTexts.find((t) => t.code === code)?.content ?? null;
  const link = (href: string | null, label: string | null) => (href && label ? { href, label } : null);
  return {
    locale,
    // The offered languages in the house's order, and the served countries with their offered languages (docs/decisions/061).
    languages,
    profile: audience.profile,
    profiles: profiles.map((p) => ({ code: p.code as InvestorProfile, title: p.title })),
    country: audience.country,
    countries: countries.map((c) => ({ code: c.code, title: c.title, locales: c.locales })),
    countryPage: countryPage
      ? { href: localizedPath('/investor-information/[country]', locale, { country: audience.country.toLowerCase() }), label: countryPage.title }
      : null,
    company: {
      title: company?.title ?? '',
      logo: company?.images.logo ? { url: company.images.logo.url, width: company.images.logo.width, height: company.images.logo.height } : null,
      address: info('ADDRESS'),
      zipCode: info('ZIP_CODE'),
      city: info('CITY'),
      phone: info('PHONE'),
      pressEmail: info('EMAIL_PRESS'),
      linkedin: info('LINKEDIN'),
      legal: {
        name: company?.legal.name ?? null,
        form: company?.legal.form ?? null,
        registeredOffice: company?.legal.registeredOffice ?? null,
        registerNumber: company?.legal.registerNumber ?? null,
        lei: company?.legal.lei ?? null,
        regulator: company?.legal.regulator ?? null,
        authorisationNumber: company?.legal.authorisationNumber ?? null,
      },
    },
    groupLink: link(groupText('group-url'), groupText('title')),
    jobs: [
      link(groupText('private-bank-url'), groupText('private-bank-title')),
      link(groupText('business-bank-url'), groupText('business-bank-title')),
    ].filter((l): l is NonNullable<typeof l> => l !== null),
    main: {
      aboutUs: { href: localizedPath('/about-us', locale), label: titleOf('about-us') },
      expertise: { href: localizedPath('/expertise', locale), label: titleOf('expertise') },
      esg: { href: localizedPath('/esg', locale), label: titleOf('esg') },
      news: { href: localizedPath('/news', locale), label: titleOf('news') },
      contact: { href: localizedPath('/contact', locale), label: titleOf('contact') },
    },
    funds: funds.map((f) => ({ slug: f.slug, title: f.title, categoryTitle: f.category.title, href: f.url })),
    fundRange: { href: localizedPath('/fund-range', locale), label: titleOf('fund-range') },
    legal: {
      legalNotices: { href: localizedPath('/legal-notices', locale), label: titleOf('legal-notices') },
      regulatory: { href: localizedPath('/regulatory-informations', locale), label: titleOf('regulatory-informations') },
      sri: { href: localizedPath('/responsible-investment', locale), label: titleOf('sri') },
      gdpr: { href: localizedPath('/gdpr', locale), label: titleOf('rgpd') },
      accessibility: { href: localizedPath('/accessibility', locale), label: titleOf('accessibility') },
    },
    home: { href: localizedPath('/', locale), label: titleOf('home') },
  };
});
