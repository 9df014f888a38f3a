import type { Metadata, Viewport } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { env } from '@/env';
import { routing } from '@/i18n/routing';
import { siteTitleTemplate } from '@/server/seo/metadata';
import { getCompany } from '@/server/site/queries';
import '../globals.css';

/** The house's name, from its identity in the database, titles every page ("Page | House"). */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const base: Metadata = { metadataBase: new URL(env().PUBLIC_BASE_URL) };
  if (!hasLocale(routing.locales, locale)) return base;
  const company = await getCompany(locale);
  return company?.title ? { ...base, title: siteTitleTemplate(company.title), applicationName: company.title } : base;
}

export const viewport: Viewport = { themeColor: '#0b3a6e', width: 'device-width', initialScale: 1 };

/** The <html> of every page: its lang is the page's language (docs/product.md §2). */
export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale) || !env().locales.includes(locale)) notFound();
  setRequestLocale(locale);
  return (
    // suppressHydrationWarning: what browser extensions add to <html> before hydration is not an error.
    // data-scroll-behavior: Next jumps, rather than glides, to a new page (globals.css glides to anchors).
    <html lang={locale} data-scroll-behavior="smooth" suppressHydrationWarning>
      <body className="flex min-h-screen flex-col bg-white text-ink antialiased">
        {/* No NextIntlClientProvider here: client components get their texts as props, or from a provider
            of their own where they are (forms, the consent dialogs): docs/decisions/039. */}
        {children}
      </body>
    </html>
  );
}
