import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { PageCode } from '@/domain/catalog';
import type { AppPathname } from '@/i18n/routing';
import { ContentPage } from '@/components/content/content-page';
import { contentPageMetadata } from '@/server/seo/page-metadata';
import { getPage } from '@/server/queries/site';
import { siteParams, type SiteParams } from './route-params';

type Props = { params: Promise<SiteParams> };

/**
 * A route that shows one server page (SPEC §3 Page) at its localized path: the same three
 * lines in every content route file, so each route stays a thin file.
 */
export function contentRoute(code: PageCode, routeKey: AppPathname) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale } = await siteParams(params);
    return contentPageMetadata(code, locale, routeKey);
  }
  async function Page({ params }: Props) {
    const { locale } = await siteParams(params);
    const page = await getPage(locale, code);
    if (!page) notFound();
    return <ContentPage page={page} />;
  }
  return { generateMetadata, Page };
}
