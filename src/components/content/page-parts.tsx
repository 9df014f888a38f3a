import type { ReactNode } from 'react';
import { RichText } from './rich-text';

/** The top of a content page: its one h1, the tagline and lead of its opening component. */
export function PageHeader({ title, tagline, lead, children }: { title: string; tagline?: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
        <h1 className="text-3xl font-bold text-brand md:text-4xl">{title}</h1>
        {tagline ? <p className="mt-4 max-w-3xl text-xl font-semibold md:text-2xl">{tagline}</p> : null}
        {lead ? <RichText html={lead} className="mt-4 max-w-3xl text-lg text-muted" /> : null}
        {children}
      </div>
    </header>
  );
}

/** A section of a content page, named by its h2 (ids are the component codes, for anchors). */
export function Section({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-24 ${className}`}>
      <h2 id={`${id}-title`} className="mb-5 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A remark set apart from the text around it (label disclaimers, SFDR notes). */
export function Callout({ html }: { html: string }) {
  return <RichText html={html} className="mt-6 border-l-4 border-brand bg-slate-50 px-5 py-4 text-muted" />;
}
