import type { Metadata, Viewport } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { env } from '@/env';
import { routing } from '@/i18n/routing';
import { faviconLinks, siteTitleTemplate } from '@/server/seo/metadata';
import { getCompany } from '@/server/site/queries';
import { isOfferedLocale } from '@/server/site/languages-queries';
import { brandStyle } from '@/domain/content/house-identity';
import '../globals.css';

/** The house's name, from its identity in the database, titles every page ("Page | House"). */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const base: Metadata = { metadataBase: new URL(env().PUBLIC_BASE_URL) };
  if (!hasLocale(routing.locales, locale)) return base;
  const company = await getCompany(locale);
  const icons = faviconLinks(company?.images.favicon ?? null);
  return { ...base, ...(company?.title ? { title: siteTitleTemplate(company.title), applicationName: company.title } : {}), ...(icons ? { icons } : {}) };
}

/** globals.css's --color-brand: the browser's theme colour until the house sets its own. */
const DEFAULT_THEME_COLOR = '#0b3a6e';

/** The browser's theme colour follows the house's primary colour (docs/decisions/059). */
export async function generateViewport({ params }: { params: Promise<{ locale: string }> }): Promise<Viewport> {
  const { locale } = await params;
  const company = hasLocale(routing.locales, locale) ? await getCompany(locale) : null;
  return { themeColor: company?.brand.primary ?? DEFAULT_THEME_COLOR, width: 'device-width', initialScale: 1 };
}

/** The <html> of every page: its lang is the page's language (docs/product.md §2), its colours the house's. */
export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale) || !(await isOfferedLocale(locale))) notFound();
  setRequestLocale(locale);
  // The house's colours replace globals.css's: only checked #rrggbb values reach this rule (brandStyle).
  const company = await getCompany(locale);
  const palette = company ? brandStyle(company.brand) : null;
  return (
    // suppressHydrationWarning: what browser extensions add to <html> before hydration is not an error.
    // data-scroll-behavior: Next jumps, rather than glides, to a new page (globals.css glides to anchors).
    <html lang={locale} data-scroll-behavior="smooth" suppressHydrationWarning>
      <body className="flex min-h-screen flex-col bg-white text-ink antialiased">
        {/* React puts a <style> with href and precedence into the <head>, once. */}
        {palette ? (
          <style href="house-palette" precedence="high">
            {palette}
          </style>
        ) : null}
        {/* No NextIntlClientProvider here: client components get their texts as props, or from a provider
            of their own where they are (forms, the consent dialogs): docs/decisions/039. */}
        {children}
      </body>
    </html>
  );
}
