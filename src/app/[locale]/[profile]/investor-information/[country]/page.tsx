import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContentPage } from '@/components/content/content-page';
import { countryPageCode, isCountryCode } from '@/domain/registrations/audience';
import { alternatePaths, localizedPath } from '@/domain/routing/paths';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { registeredCountries } from '@/server/funds/queries';
import { getCompany, getPage } from '@/server/site/queries';
import { buildPageMetadata, socialImage } from '@/server/seo/metadata';
import { offeredLocales } from '@/server/site/languages-queries';

type Props = { params: Promise<SiteParams & { country: string }> };

/** Rendered on first request per language and audience, then cached (docs/decisions/001, 035). */
export function generateStaticParams() {
  return [];
}

/** The page of a country in the path (/fr/informations-investisseurs/ch), or null: no such page, or nothing registered there today. */
async function countryPage(params: Props['params']) {
  const { locale } = await siteParams(params);
  const slug = (await params).country;
  const country = slug.toUpperCase();
  if (slug !== slug.toLowerCase() || !isCountryCode(country) || !(await registeredCountries()).has(country)) return null;
  const page = await getPage(locale, countryPageCode(country));
  return page ? { locale, slug, page } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await countryPage(params);
  if (!found) return {};
  const { locale, slug, page } = found;
  return buildPageMetadata({
    locale,
    title: page.title,
    description: page.description,
    pathname: localizedPath('/investor-information/[country]', locale, { country: slug }),
    alternates: alternatePaths('/investor-information/[country]', await offeredLocales(), { country: slug }),
    ...(await getCompany(locale).then((company) => ({ siteName: company?.title ?? null, siteImage: socialImage(company) }))),
    type: 'website',
  });
}

/** "Information for investors in {country}" (UCITS Directive art. 92, Regulation (EU) 2019/1156 art. 4(3)): a 404 for a country with no registration. */
export default async function CountryInformationPage({ params }: Props) {
  const found = await countryPage(params);
  if (!found) notFound();
  return <ContentPage page={found.page} />;
}
