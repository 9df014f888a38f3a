import type { ReactNode } from 'react';
import type { PageView } from '@/domain/model';
import { ContentSections } from './content-sections';

/** The frame of a content page: its title as the one h1, an optional lead, its sections. */
export function ContentPage({ page, children, before }: { page: PageView; children?: ReactNode; before?: ReactNode }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 md:py-14">
      <h1 className="mb-8 text-3xl font-bold text-brand md:text-4xl">{page.title}</h1>
      {before}
      <ContentSections components={page.components} />
      {children}
    </article>
  );
}
