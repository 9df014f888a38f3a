import Link from 'next/link';
import { localizedPath } from '@/domain/routing/paths';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import type { PageView } from '@/domain/model';
import { findComponent, numberedItems, otherComponents, textOf } from '@/domain/content/page-texts';
import { Callout, PageHeader, Section } from '../page-parts';
import { RichText } from '../rich-text';

/** How far each SFDR tier goes: the bar above each card grows with it. */
const TIER_BARS = ['border-t-4', 'border-t-8', 'border-t-[12px]'];

/**
 * Responsible investment (SRI): the three SFDR levels side by side, growing in commitment, the
 * labels our funds hold (with what a label does not promise), then results and reports.
 */
export async function SriPage({ page, locale }: { page: PageView; locale: Locale }) {
  const t = await getTranslations('Content');
  const approach = findComponent(page, 'approach');
  const labels = findComponent(page, 'labels');
  const rest = otherComponents(page, 'approach', 'labels');
  return (
    <article>
      <PageHeader title={page.title} tagline={textOf(approach, 'title')} lead={textOf(approach, 'text')} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12">
        {approach ? (
          <section aria-label={textOf(approach, 'title')}>
            <ol className="grid gap-6 md:grid-cols-3">
              {numberedItems(approach, 'tier').map((tier, i) => (
                <li key={i} className={`rounded border border-slate-200 border-t-brand bg-white p-6 ${TIER_BARS[i] ?? 'border-t-4'}`}>
                  <h2 className="text-xl font-semibold text-brand">{tier.title}</h2>
                  <RichText html={tier.text ?? ''} className="mt-3" />
                </li>
              ))}
            </ol>
            {textOf(approach, 'note') ? <Callout html={textOf(approach, 'note')} /> : null}
          </section>
        ) : null}
        {labels ? (
          <Section id="labels" title={textOf(labels, 'title')} className="max-w-4xl">
            <RichText html={textOf(labels, 'text')} className="mb-5" />
            <ul className="flex flex-wrap gap-3">
              {numberedItems(labels, 'label').map((label, i) => (
                <li key={i} className="rounded-full border-2 border-brand px-4 py-2 font-semibold text-brand">
                  {label['']}
                </li>
              ))}
            </ul>
            {textOf(labels, 'note') ? <Callout html={textOf(labels, 'note')} /> : null}
          </Section>
        ) : null}
        <div className="grid gap-12 lg:grid-cols-2">
          {rest.map((component) => (
            <Section key={component.code} id={component.code} title={textOf(component, 'title')}>
              <RichText html={textOf(component, 'text')} />
            </Section>
          ))}
        </div>
        <p>
          <Link href={localizedPath('/esg', locale)} className="font-semibold text-brand underline">
            {t('toEsg')}
          </Link>
        </p>
      </div>
    </article>
  );
}
