import Link from 'next/link';
import { localizedPath } from '@/domain/routing/paths';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import type { PageView } from '@/domain/model';
import { findComponent, numberedItems, textOf } from '@/domain/content/page-texts';
import { ContentVideo } from '../content-video';
import { Callout, PageHeader, Section } from '../page-parts';
import { RichText } from '../rich-text';

/**
 * ESG: the policy as the lead, then what we refuse (the exclusion list), how we act (engagement
 * with its key figure, voting), a film, and the way on to the responsible-investment page.
 */
export async function EsgPage({ page, locale }: { page: PageView; locale: Locale }) {
  const t = await getTranslations('Content');
  const policy = findComponent(page, 'policy');
  const exclusions = findComponent(page, 'exclusions');
  const engagement = findComponent(page, 'engagement');
  const voting = findComponent(page, 'voting');
  const video = findComponent(page, 'video');
  return (
    <article>
      <PageHeader title={page.title} tagline={textOf(policy, 'title')} lead={textOf(policy, 'text')} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12">
        {exclusions ? (
          <Section id="exclusions" title={textOf(exclusions, 'title')} className="max-w-4xl">
            <RichText html={textOf(exclusions, 'text')} className="mb-4" />
            <ul className="space-y-3">
              {numberedItems(exclusions, 'exclusion').map((item, i) => (
                <li key={i} className="flex gap-3 rounded border border-slate-200 p-4">
                  <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full bg-red-700 text-sm font-bold text-white">
                    ×
                  </span>
                  <RichText html={item[''] ?? ''} />
                </li>
              ))}
            </ul>
            {textOf(exclusions, 'note') ? <Callout html={textOf(exclusions, 'note')} /> : null}
          </Section>
        ) : null}
        <div className="grid gap-12 lg:grid-cols-2">
          {engagement ? (
            <Section id="engagement" title={textOf(engagement, 'title')}>
              {textOf(engagement, 'figure-value') ? (
                <p className="mb-6 flex items-baseline gap-3 rounded bg-brand p-6 text-white">
                  <span className="text-4xl font-bold">{textOf(engagement, 'figure-value')}</span>
                  <span>{textOf(engagement, 'figure-label')}</span>
                </p>
              ) : null}
              <RichText html={textOf(engagement, 'text')} />
            </Section>
          ) : null}
          {voting ? (
            <Section id="voting" title={textOf(voting, 'title')}>
              <RichText html={textOf(voting, 'text')} />
            </Section>
          ) : null}
        </div>
        {video ? (
          <Section id="video" title={textOf(video, 'title')} className="max-w-4xl">
            <RichText html={textOf(video, 'text')} className="mb-5" />
            <ContentVideo url={textOf(video, 'video')} title={textOf(video, 'title')} />
          </Section>
        ) : null}
        <p>
          <Link href={localizedPath('/responsible-investment', locale)} className="font-semibold text-brand underline">
            {t('toSri')}
          </Link>
        </p>
      </div>
    </article>
  );
}
