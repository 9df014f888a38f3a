'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import type { LayoutData } from '@/domain/content/layout';
import { disclosureKeyTarget } from './disclosure-keys';
import { isMenuOpen, type HoverInput } from './hover-intent';
import { ChevronDownIcon } from './icons';
import { isCurrentPath } from './nav-match';
import { useClientPathname } from './use-client-pathname';
import { useHoverIntent } from './use-hover-intent';

const linkClass =
  'flex w-full flex-col rounded-sm px-3 py-2.5 text-left text-sm hover:bg-slate-100 hover:text-brand-dark aria-[current=page]:font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand';

/**
 * The main menu's funds list (docs/product.md §2): site navigation, so a disclosure as the WAI-ARIA
 * practices describe it ("Disclosure navigation menu"), not an ARIA menu: a button with
 * aria-expanded that shows or hides a list of plain links, which keep their role, Tab order and
 * middle-click. It opens on hover too (after 100 ms, closing 500 ms after the pointer leaves, the
 * machine of hover-intent.ts); a click pins it open or closes it; Escape closes it with the focus
 * back on the button, and so do a click outside and the focus leaving it. The arrow keys, Home and
 * End move between the links, as in the practices' example. The list is in the server's HTML, hidden
 * until opened; its funds are those of the profile the page was rendered for (docs/decisions/025).
 */
export function FundsDropdown({ funds, fundRange, label, triggerClassName }: { funds: LayoutData['funds']; fundRange: LayoutData['fundRange']; label: string; triggerClassName: string }) {
  const { state, controller } = useHoverIntent();
  const open = isMenuOpen(state);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const pathname = useClientPathname();
  const current = (href: string) => isCurrentPath(pathname, href);
  const sectionCurrent = funds.some((fund) => current(fund.href)) || current(fundRange.href);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) controller.send('close');
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, controller]);

  // A page change (a link of the list followed, or the browser's back button) closes it.
  useEffect(() => {
    controller.send('close');
  }, [pathname, controller]);

  const hover = (input: HoverInput) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') controller.send(input);
  };
  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>(`[id="${listId}"] a`) ?? []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (!open) return;
      event.preventDefault();
      controller.send('close');
      buttonRef.current?.focus();
      return;
    }
    const all = links();
    const target = disclosureKeyTarget(event.key, all.indexOf(event.target as HTMLAnchorElement), all.length, event.target === buttonRef.current);
    if (target === null) return;
    event.preventDefault();
    if (open) {
      all[target]?.focus();
      return;
    }
    controller.send('open');
    // The list was hidden a moment ago: focus once React has shown it.
    requestAnimationFrame(() => links()[target]?.focus());
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) controller.send('close');
  };

  return (
    <div ref={rootRef} className="relative" onPointerEnter={hover('enter')} onPointerLeave={hover('leave')} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        data-state={open ? 'open' : 'closed'}
        data-current={sectionCurrent ? '' : undefined}
        className={`group ${triggerClassName}`}
        onClick={() => controller.send('press')}
      >
        {label}
        <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1.5 max-h-[calc(100dvh-7rem)] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto rounded-md border border-slate-200 bg-white p-1.5 text-ink shadow-lg"
      >
        <ul aria-label={label}>
          {funds.map((fund) => (
            <li key={fund.slug}>
              <Link href={fund.href} aria-current={current(fund.href) ? 'page' : undefined} className={linkClass}>
                <span className="font-medium">{fund.title}</span>
                <span className="text-xs text-muted">{fund.categoryTitle}</span>
              </Link>
            </li>
          ))}
          <li className={funds.length > 0 ? 'mt-1.5 border-t border-slate-200 pt-1.5' : undefined}>
            <Link href={fundRange.href} aria-current={current(fundRange.href) ? 'page' : undefined} className={linkClass}>
              <span className="font-medium">{fundRange.label}</span>
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
