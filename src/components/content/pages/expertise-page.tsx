import Link from 'next/link';
import { localizedPath } from '@/domain/routing/paths';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import type { PageView } from '@/domain/model';
import { findComponent, numberedItems, otherComponents, textOf } from '@/domain/content/page-texts';
import { PageHeader, Section } from '../page-parts';
import { RichText } from '../rich-text';

/**
 * Expertise: an index of the asset classes, one card per expertise (with the audience it is
 * reserved for, if any), the investment process as numbered steps, and the way on to the funds.
 */
export async function ExpertisePage({ page, locale }: { page: PageView; locale: Locale }) {
  const t = await getTranslations('Content');
  const intro = findComponent(page, 'intro');
  const process = findComponent(page, 'investment-process');
  const areas = otherComponents(page, 'intro', 'investment-process');
  return (
    <article>
      <PageHeader title={page.title} tagline={textOf(intro, 'title')} lead={textOf(intro, 'text')}>
        <nav aria-label={t('expertiseIndex')} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {areas.map((area) => (
              <li key={area.code}>
                <a href={`#${area.code}`} className="inline-block rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white">
                  {textOf(area, 'title')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12">
        <div className="grid gap-8 md:grid-cols-2">
          {areas.map((area) => (
            <section key={area.code} id={area.code} aria-labelledby={`${area.code}-title`} className="scroll-mt-24 rounded border border-slate-200 p-6 md:p-8">
              <h2 id={`${area.code}-title`} className="text-2xl font-semibold text-brand">
                {textOf(area, 'title')}
              </h2>
              {textOf(area, 'audience') ? (
                <p className="mt-3 inline-block rounded bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">{textOf(area, 'audience')}</p>
              ) : null}
              <RichText html={textOf(area, 'text')} className="mt-4" />
            </section>
          ))}
        </div>
        {process ? (
          <Section id="investment-process" title={textOf(process, 'title')}>
            <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
              {numberedItems(process, 'step').map((step, i) => (
                <li key={i} className="rounded bg-slate-50 p-6">
                  <p aria-hidden="true" className="mb-3 flex size-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-white">
                    {i + 1}
                  </p>
                  <h3 className="text-lg font-semibold">{step.title}</h3>
                  <RichText html={step.text ?? ''} className="mt-2 text-muted" />
                </li>
              ))}
            </ol>
          </Section>
        ) : null}
        <p className="flex flex-wrap gap-4">
          <Link href={localizedPath('/fund-range', locale)} className="rounded bg-brand forced-colors:border px-5 py-3 font-semibold text-white hover:bg-brand-dark">
            {t('seeFunds')}
          </Link>
          <Link href={localizedPath('/contact', locale)} className="rounded border border-brand px-5 py-3 font-semibold text-brand hover:bg-slate-50">
            {t('talkToUs')}
          </Link>
        </p>
      </div>
    </article>
  );
}
