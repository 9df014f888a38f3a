import type { PageView } from '@/domain/model';
import { findComponent, numberedItems, textOf } from '@/domain/content/page-texts';
import { ContentLink } from '../content-sections';
import { ContentVideo } from '../content-video';
import { PageHeader, Section } from '../page-parts';
import { RichText } from '../rich-text';

/**
 * About us: who the company is, told as a story (the history as a timeline), what it stands for
 * (values), who runs it (people), a short film, and the group it belongs to (its sister banks).
 */
export function AboutUsPage({ page }: { page: PageView }) {
  const intro = findComponent(page, 'intro');
  const history = findComponent(page, 'history');
  const values = findComponent(page, 'values');
  const team = findComponent(page, 'team');
  const video = findComponent(page, 'video');
  const group = findComponent(page, 'group');
  const banks = ['private-bank', 'business-bank'].filter((code) => textOf(group, `${code}-url`));
  return (
    <article>
      <PageHeader title={page.title} tagline={textOf(intro, 'title')} lead={textOf(intro, 'text')} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12">
        {history ? (
          <Section id="history" title={textOf(history, 'title')}>
            <ol className="relative ml-3 border-l-2 border-brand/30">
              {numberedItems(history, 'event').map((event, i) => (
                <li key={i} className="relative mb-8 pl-8 last:mb-0">
                  <span aria-hidden="true" className="absolute top-1.5 -left-[9px] size-4 rounded-full border-2 border-white bg-brand" />
                  <p className="text-lg font-bold text-brand">{event.year}</p>
                  <RichText html={event.text ?? ''} className="mt-1 max-w-3xl" />
                </li>
              ))}
            </ol>
          </Section>
        ) : null}
        {values ? (
          <Section id="values" title={textOf(values, 'title')}>
            <ul className="grid gap-6 sm:grid-cols-2">
              {numberedItems(values, 'value').map((value, i) => (
                <li key={i} className="rounded border-t-4 border-brand bg-slate-50 p-6">
                  <h3 className="text-lg font-semibold text-brand">{value.title}</h3>
                  <RichText html={value.text ?? ''} className="mt-2" />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {team ? (
          <Section id="team" title={textOf(team, 'title')}>
            <RichText html={textOf(team, 'text')} className="mb-8 max-w-3xl" />
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {numberedItems(team, 'person').map((person, i) => (
                <li key={i} className="rounded border border-slate-200 p-5">
                  <p className="font-semibold">{person.name}</p>
                  <p className="mt-1 text-sm text-muted">{person.role}</p>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {video ? (
          <Section id="video" title={textOf(video, 'title')} className="max-w-4xl">
            <RichText html={textOf(video, 'text')} className="mb-5" />
            <ContentVideo url={textOf(video, 'video')} title={textOf(video, 'title')} />
          </Section>
        ) : null}
        {group ? (
          <Section id="group" title={textOf(group, 'title')}>
            <RichText html={textOf(group, 'text')} className="mb-4 max-w-3xl" />
            {textOf(group, 'group-url') ? (
              <p className="mb-8">
                <ContentLink href={textOf(group, 'group-url')}>{textOf(group, 'group-title') || textOf(group, 'group-url')}</ContentLink>
              </p>
            ) : null}
            <ul className="grid gap-6 md:grid-cols-2">
              {banks.map((code) => (
                <li key={code} className="rounded border border-slate-200 p-6">
                  <h3 className="text-lg font-semibold">
                    <ContentLink href={textOf(group, `${code}-url`)}>{textOf(group, `${code}-title`)}</ContentLink>
                  </h3>
                  <RichText html={textOf(group, `${code}-text`)} className="mt-2 text-muted" />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
    </article>
  );
}
