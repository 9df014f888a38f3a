import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Locale } from '@/env';
import { getCompany, getPage } from '@/server/queries/site';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const page = await getPage(locale, 'home');
  return { title: page?.title, description: page?.description };
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [company, t] = await Promise.all([getCompany(locale), getTranslations('Home')]);
  if (!company) notFound();
  const info = (code: string) => company.infos.find((i) => i.code === code)?.content;
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold text-brand">{company.title}</h1>
      <p className="mt-4 text-xl">{company.baseline}</p>
      <p className="mt-2 text-muted">{company.subBaseline}</p>
      <section aria-labelledby="key-figures" className="mt-10">
        <h2 id="key-figures" className="text-2xl font-semibold">
          {t('keyFigures')}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-6 md:grid-cols-4">
          {company.keyFigures.map((figure) => (
            <div key={figure.code}>
              <dt className="text-sm text-muted">{figure.title}</dt>
              <dd className="text-3xl font-bold text-brand">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="contact" className="mt-10">
        <h2 id="contact" className="text-2xl font-semibold">
          {t('contact')}
        </h2>
        <address className="mt-2 not-italic">
          {info('ADDRESS')}
          <br />
          {info('ZIP_CODE')} {info('CITY')}
          {info('PHONE') ? (
            <>
              <br />
              <a href={`tel:${info('PHONE')?.replace(/\s/g, '')}`}>{info('PHONE')}</a>
            </>
          ) : null}
        </address>
      </section>
    </main>
  );
}
