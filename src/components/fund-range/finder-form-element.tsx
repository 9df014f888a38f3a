'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { compactFinderSearch } from '@/domain/funds/finder';

type Props = { action: string; values: Record<string, string>; label: string; className?: string; children: ReactNode };

/**
 * The unfiltered range and each single filter are cached pages of their own
 * (src/app/[locale]/[profile]/fund-range/[filters], docs/decisions/021): going from one to another
 * replaces the page, this form included. What had the focus when the form was submitted, and the
 * news of the new count, are handed to the new form through this module's state (one per document).
 */
type Handover = { focus: string; at: number };
let handover: Handover | null = null;
const HANDOVER_MS = 10_000;
const SUBMIT_BUTTON = 'button[type="submit"]';

/**
 * The finder's <form method="get">: without JavaScript the browser submits it as is. With JavaScript,
 * the same submission becomes a client navigation to a clean URL (no empty fields, no default sort),
 * which keeps the page, the focus and the scroll position, and lets the result count be announced.
 */
export function FinderFormElement({ action, values, label, className, children }: Props) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const key = JSON.stringify(values);
  const shownKey = useRef(key);
  const [announcement, setAnnouncement] = useState('');

  // A new form after a submission (the page was replaced): focus where the visitor was, and say the count.
  useEffect(() => {
    const given = handover;
    handover = null;
    const current = form.current;
    if (!given || !current || Date.now() - given.at > HANDOVER_MS) return;
    const target = given.focus === SUBMIT_BUTTON ? current.querySelector(SUBMIT_BUTTON) : current.ownerDocument.getElementById(given.focus);
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
    // Filled after the region is in the page, so that screen readers announce it.
    const timer = setTimeout(() => setAnnouncement(current.ownerDocument.querySelector('main [role="status"]')?.textContent ?? ''), 100);
    return () => clearTimeout(timer);
  }, []);

  // After a navigation the form did not make (the reset link, Back), show the values of the URL.
  // Not on hydration: what the visitor typed or chose before the script arrived stays.
  useEffect(() => {
    const current = form.current;
    if (!current || shownKey.current === key) return;
    shownKey.current = key;
    handover = null; // the same form stayed: nothing to hand over
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) {
      const field = current.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    }
  }, [key]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entries = [...new FormData(event.currentTarget)].map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : '']);
    const search = compactFinderSearch(entries);
    const active = event.currentTarget.ownerDocument.activeElement;
    const focus = active instanceof HTMLElement && event.currentTarget.contains(active) ? (active.id || (active.matches(SUBMIT_BUTTON) ? SUBMIT_BUTTON : '')) : '';
    handover = focus ? { focus, at: Date.now() } : null;
    router.push(search ? `${action}?${search}` : action, { scroll: false });
  }

  return (
    <form ref={form} method="get" action={action} role="search" aria-label={label} onSubmit={submit} className={className}>
      {children}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
