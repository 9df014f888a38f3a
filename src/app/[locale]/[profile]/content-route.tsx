import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import type { Locale } from '@/env';
import type { PageCode } from '@/domain/catalog';
import type { PageView } from '@/domain/model';
import type { AppPathname } from '@/i18n/routing';
import { ContentPage } from '@/components/content/content-page';
import { contentPageMetadata } from '@/server/seo/page-metadata';
import { getPage } from '@/server/site/queries';
import { siteParams, type SiteParams } from '@/server/http/route-params';

type Props = { params: Promise<SiteParams> };

/** The design of one content page: it receives the server page (components and texts) in its language. */
export type ContentLayout = (props: { page: PageView; locale: Locale }) => ReactNode | Promise<ReactNode>;

const PlainLayout: ContentLayout = ({ page }) => <ContentPage page={page} />;

/**
 * A route that shows one server page (docs/product.md §3 Page) at its localized path with the layout
 * designed for it: the same three lines in every content route file, so each stays thin.
 */
export function contentRoute(code: PageCode, routeKey: AppPathname, Layout: ContentLayout = PlainLayout) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale } = await siteParams(params);
    return contentPageMetadata(code, locale, routeKey);
  }
  async function Page({ params }: Props) {
    const { locale } = await siteParams(params);
    const page = await getPage(locale, code);
    if (!page) notFound();
    return <Layout page={page} locale={locale} />;
  }
  return { generateMetadata, Page };
}
