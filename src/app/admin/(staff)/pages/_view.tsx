import type { ReactNode } from 'react';
import Link from 'next/link';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { SUPPORTED_LOCALES, type Locale } from '@/env';
import { pick } from '@/domain/language/localize';
import type { PageView } from '@/domain/model';
import { countryOfPage, EDIT_LANGUAGES, type LocalizedValue, type PageSnapshot } from '@/domain/content/page-edit';
import { PATHNAMES, type AppPathname } from '@/domain/routing/pathnames';
import { localizedPath } from '@/domain/routing/paths';
import type { AdminT } from '@/i18n/admin';
import { CLIENT_NAMESPACES } from '@/i18n/messages';
import { PAGE_PATHNAMES } from '@/i18n/routing';
import { ContentPage } from '@/components/content/content-page';
import { RichText } from '@/components/content/rich-text';
import { AboutUsPage } from '@/components/content/pages/about-us-page';
import { EsgPage } from '@/components/content/pages/esg-page';
import { ExpertisePage } from '@/components/content/pages/expertise-page';
import { AccessibilityPage, LegalNoticesPage, PrivacyPage, RegulatoryPage } from '@/components/content/pages/legal-pages';
import { SriPage } from '@/components/content/pages/sri-page';
import { PastPerformanceWarning } from '@/components/performance/past-performance-warning';
import { TableGrid, Td, Th } from '@/components/ui/table';

/** Pieces shared by the page screens of the back-office: public paths, version texts, the preview. */

/**
 * The public route of the countries' information pages: the routing table's path with a `[country]`
 * parameter (added with the public side of issue 21); none while the table has no such path.
 */
const COUNTRY_PATHNAME = (Object.keys(PATHNAMES) as AppPathname[]).find((p) => p.includes('[country]'));

/** Where visitors of a language read a page; null for the disclaimers (a popup on every page). */
export function publicPagePath(code: string, locale: Locale): string | null {
  const country = countryOfPage(code);
  if (country) return COUNTRY_PATHNAME ? localizedPath(COUNTRY_PATHNAME, locale, { country: country.toLowerCase() }) : null;
  const key = PAGE_PATHNAMES[code as keyof typeof PAGE_PATHNAMES];
  return key ? localizedPath(key, locale) : null;
}

/** The page's texts, every language side by side, as plain text (nothing rendered as HTML). */
export function SnapshotTable({ t, snapshot, caption }: { t: AdminT; snapshot: PageSnapshot; caption: string }) {
  const rows: { label: string; value: LocalizedValue }[] = [
    { label: t('pages.pageTitle'), value: snapshot.title },
    { label: t('pages.description'), value: snapshot.description },
    ...snapshot.components.flatMap((c) => c.texts.map((x) => ({ label: `${c.code} / ${x.code}`, value: x.content }))),
  ];
  return (
    <TableGrid>
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          <Th scope="col">
            {t('pages.field')}
          </Th>
          {EDIT_LANGUAGES.map((l) => (
            <Th key={l} scope="col">
              {t(`language.${l}`)}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <Th cell scope="row" className="font-medium">
              <code>{row.label}</code>
            </Th>
            {EDIT_LANGUAGES.map((l) => (
              <Td key={l} lang={l} className="whitespace-pre-wrap break-words">
                {row.value[l] ? row.value[l] : <span className="font-medium text-amber-800">{t('data.missing')}</span>}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableGrid>
  );
}

/** Links to the preview of the same texts in each language. */
export function PreviewLinks({ t, code, version, current }: { t: AdminT; code: string; version: number | null; current?: Locale }) {
  return (
    <nav aria-label={t('pages.previewLinks')} className="my-4">
      <ul className="flex flex-wrap gap-4">
        {SUPPORTED_LOCALES.map((l) => (
          <li key={l}>
            <Link
              href={`/admin/pages/${code}/preview?lang=${l}${version === null ? '' : `&version=${version}`}`}
              aria-current={current === l ? 'page' : undefined}
              className="text-brand underline"
            >
              {t('pages.previewIn', { language: t(`language.${l}`) })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A stored state of a page as the public site reads it in one language (French where a translation is missing). */
function pageView(code: string, snapshot: PageSnapshot, locale: Locale): PageView {
  return {
    code,
    title: pick(snapshot.title, locale),
    description: pick(snapshot.description, locale),
    route: publicPagePath(code, locale),
    components: snapshot.components.map((c) => ({ code: c.code, texts: c.texts.map((x) => ({ code: x.code, content: pick(x.content, locale) })) })),
  };
}

const LAYOUTS: Record<string, (props: { page: PageView; locale: Locale }) => ReactNode | Promise<ReactNode>> = {
  'about-us': AboutUsPage,
  esg: EsgPage,
  expertise: ExpertisePage,
  sri: SriPage,
  'legal-notices': LegalNoticesPage,
  'regulatory-informations': RegulatoryPage,
  rgpd: PrivacyPage,
  accessibility: AccessibilityPage,
};

/**
 * The frame of a public preview inside the back-office: a region in the visitor's language whose
 * client components read the public texts of `locale`.
 */
export async function PublicPreview({ locale, label, className, children }: { locale: Locale; label: string; className: string; children: ReactNode }) {
  const messages = await getMessages({ locale });
  const clientMessages = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]]));
  return (
    <NextIntlClientProvider locale={locale} messages={clientMessages}>
      <section aria-label={label} lang={locale} className={className}>
        {children}
      </section>
    </NextIntlClientProvider>
  );
}

/**
 * The body of a page as a visitor of `locale` sees it, drawn by the public site's own components
 * (the layout designed for the page, else the plain content page); the disclaimers show their
 * popup text and the past-performance warning. Rendered per request inside the back-office.
 */
export async function PreviewBody({ t, staffLocale, code, snapshot, locale }: { t: AdminT; staffLocale: Locale; code: string; snapshot: PageSnapshot; locale: Locale }) {
  setRequestLocale(locale);
  const page = pageView(code, snapshot, locale);
  const Layout = LAYOUTS[code];
  let body: ReactNode;
  if (code === 'disclaimers') {
    const text = (textCode: string) => page.components.flatMap((c) => c.texts).find((x) => x.code === textCode)?.content ?? '';
    body = (
      <article className="mx-auto max-w-4xl px-4 py-10">
        <h2 lang={staffLocale} className="mb-2 text-xl font-semibold">
          {t('pages.previewMain')}
        </h2>
        <h3 className="mb-4 text-2xl font-bold text-brand">{text('title') || page.title}</h3>
        <RichText html={text('main')} />
        <h2 lang={staffLocale} className="mb-2 mt-8 text-xl font-semibold">
          {t('pages.previewPastPerformance')}
        </h2>
        <PastPerformanceWarning text={text('performances-passees')} />
      </article>
    );
  } else {
    body = Layout ? await Layout({ page, locale }) : <ContentPage page={page} />;
  }
  return (
    <PublicPreview locale={locale} label={t('pages.preview')} className="rounded border border-slate-300 bg-white">
      {body}
    </PublicPreview>
  );
}
