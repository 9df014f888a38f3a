'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { compactFinderSearch } from '@/domain/fund-finder';

type Props = { action: string; values: Record<string, string>; label: string; className?: string; children: ReactNode };

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

  // After a navigation the form did not make (the reset link, Back), show the values of the URL.
  // Not on hydration: what the visitor typed or chose before the script arrived stays.
  useEffect(() => {
    const current = form.current;
    if (!current || shownKey.current === key) return;
    shownKey.current = key;
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) {
      const field = current.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    }
  }, [key]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entries = [...new FormData(event.currentTarget)].map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : '']);
    const search = compactFinderSearch(entries);
    router.push(search ? `${action}?${search}` : action, { scroll: false });
  }

  return (
    <form ref={form} method="get" action={action} role="search" aria-label={label} onSubmit={submit} className={className}>
      {children}
    </form>
  );
}
