import type { ReactNode } from 'react';

/** A titled block of a page holding one form; its id is the anchor links use (/fr/contact#newsletter). */
export function FormSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-24 rounded border border-slate-200 p-6 md:p-8">
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-brand">
        {title}
      </h2>
      {intro ? <p className="mt-2 mb-4">{intro}</p> : null}
      {children}
    </section>
  );
}
