'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';

const button =
  'min-h-11 rounded-md px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
/** "Accept all" and "Refuse all" look and weigh the same (CNIL: refusing is as easy as accepting). */
const choice = `${button} border-2 border-brand bg-brand text-white hover:bg-brand-dark`;

/**
 * The cookie notice of a first visit (docs/product.md §2, §4): a non-modal region at the bottom of the screen,
 * first in the tab order, with refuse, accept and customize. Until a choice is made nothing optional runs.
 */
export function ConsentNotice({ onAcceptAll, onRefuseAll, onCustomize }: { onAcceptAll: () => void; onRefuseAll: () => void; onCustomize: () => void }) {
  const t = useTranslations('Consent');
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  // WCAG 2.4.11: the page keeps the notice's height free at the bottom of the window (globals.css), so an
  // element the keyboard focuses there, the footer's last links included, is scrolled above the notice.
  useEffect(() => {
    const notice = ref.current;
    if (!notice) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-notice-height', `${notice.offsetHeight}px`));
    observer.observe(notice);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-notice-height');
    };
  }, []);
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      data-print="hide"
      className="fixed inset-x-0 bottom-0 z-[80] border-t border-slate-300 bg-white shadow-[0_-8px_24px_rgba(15,23,42,0.15)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 md:flex-row md:items-center md:gap-8">
        <div className="flex-1">
          <h2 id={titleId} className="mb-1 font-bold text-brand">
            {t('noticeLabel')}
          </h2>
          <p className="text-sm">{t('noticeText')}</p>
        </div>
        <div className="flex flex-col gap-2 xs:flex-row md:shrink-0">
          <button type="button" className={choice} onClick={onRefuseAll}>
            {t('refuseAll')}
          </button>
          <button type="button" className={choice} onClick={onAcceptAll}>
            {t('acceptAll')}
          </button>
          <button type="button" className={`${button} border-2 border-transparent text-brand underline underline-offset-4 hover:bg-slate-100`} onClick={onCustomize}>
            {t('customize')}
          </button>
        </div>
      </div>
    </section>
  );
}
