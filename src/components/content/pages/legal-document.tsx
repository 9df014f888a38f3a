import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { PageView } from '@/domain/model';
import { textOf } from '@/domain/content/page-texts';
import { RichText } from '../rich-text';

type Props = {
  page: PageView;
  /** 'side': a table of contents beside the text that follows the reader (long documents); 'top': above it. */
  toc: 'top' | 'side';
  /** Something a section shows after its text, by component code (the cookie settings button of the privacy page). */
  after?: Partial<Record<string, ReactNode>>;
};

/**
 * A legal text (legal notices, regulatory information, privacy, the accessibility statement): numbered articles a reader can
 * jump to and cite. A component's texts besides its title and text are the items of a list
 * (the cookies of the privacy page, the sample and checks of the accessibility statement).
 */
export async function LegalDocument({ page, toc, after = {} }: Props) {
  const t = await getTranslations('Content');
  const sections = page.components.filter((c) => textOf(c, 'title'));
  const contents = (
    <nav aria-label={t('onThisPage')} className={toc === 'side' ? 'lg:sticky lg:top-24' : 'rounded bg-slate-50 p-5'}>
      <p className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{t('onThisPage')}</p>
      <ol className={toc === 'side' ? 'space-y-2 text-sm' : 'grid gap-x-8 gap-y-2 sm:grid-cols-2'}>
        {sections.map((section, i) => (
          <li key={section.code}>
            <a href={`#${section.code}`} className="text-brand hover:underline">
              {i + 1}. {textOf(section, 'title')}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
  const articles = sections.map((section, i) => {
    const items = section.texts.filter((x) => x.code !== 'title' && x.code !== 'text');
    return (
      <section key={section.code} id={section.code} aria-labelledby={`${section.code}-title`} className="scroll-mt-24 border-t border-slate-200 pt-8">
        <h2 id={`${section.code}-title`} className="mb-4 text-xl font-semibold md:text-2xl">
          <span className="mr-2 text-brand">{i + 1}.</span>
          {textOf(section, 'title')}
        </h2>
        <RichText html={textOf(section, 'text')} className="max-w-prose" />
        {items.length > 0 ? (
          <ul className="mt-5 max-w-prose divide-y divide-slate-200 rounded border border-slate-200">
            {items.map((item) => (
              <li key={item.code} className="px-4 py-3">
                <RichText html={item.content} />
              </li>
            ))}
          </ul>
        ) : null}
        {after[section.code] ? <div className="mt-6">{after[section.code]}</div> : null}
      </section>
    );
  });
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="mb-8 text-3xl font-bold text-brand md:text-4xl">{page.title}</h1>
      {toc === 'side' ? (
        <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
          <div>{contents}</div>
          <div className="space-y-10">{articles}</div>
        </div>
      ) : (
        <>
          <div className="mb-10">{contents}</div>
          <div className="space-y-10">{articles}</div>
        </>
      )}
    </article>
  );
}
