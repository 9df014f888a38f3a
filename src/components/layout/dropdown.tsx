'use client';

import Link from 'next/link';
import { DropdownMenu } from 'radix-ui';
import { useRef, type PointerEvent, type ReactNode } from 'react';
import { isMenuOpen, type HoverInput } from './hover-intent';
import { CheckIcon } from './icons';
import { isCurrentPath } from './nav-match';
import { NewTabHint } from './new-tab-hint';
import { useClientPathname } from './use-client-pathname';
import { useHoverIntent } from './use-hover-intent';

type ItemBase = {
  /** Unique within the menu (React key). */
  id: string;
  label: string;
  /** A second line, e.g. a fund's category title. */
  description?: string;
  /** The chosen value (language, profile): aria-current="true" and a check mark. */
  current?: boolean;
  /** Draw a rule above this item. */
  separatorBefore?: boolean;
  /** Language of the item's text, when it differs from the page's (language names). */
  lang?: string;
};
export type DropdownLinkItem = ItemBase & {
  href: string;
  /** Opens in a new tab, with rel="noopener noreferrer" and "(opens in a new tab)" for screen readers. */
  external?: boolean;
  /** A plain <a> (full page load) instead of next/link, e.g. for route handlers that redirect. */
  nativeLink?: boolean;
  hrefLang?: string;
};
/** A button item; `onSelect` is a function, so these items can only be built in client components. */
export type DropdownActionItem = ItemBase & { onSelect: () => void };
export type DropdownItem = DropdownLinkItem | DropdownActionItem;

export type DropdownProps = {
  /** The trigger button's content (text and icons); it becomes the menu's accessible name. */
  trigger: ReactNode;
  items: DropdownItem[];
  /** Also open on mouse hover (after HOVER_OPEN_DELAY_MS; closes HOVER_CLOSE_DELAY_MS after leaving). */
  openOnHover?: boolean;
  /** Mark the link to the current page or section with aria-current="page" (and the trigger with data-current). */
  markCurrentPath?: boolean;
  align?: 'start' | 'center' | 'end';
  triggerClassName?: string;
  contentClassName?: string;
};

const isLink = (item: DropdownItem): item is DropdownLinkItem => 'href' in item;

/**
 * The one dropdown of the header (SPEC §2): a Radix DropdownMenu, non-modal and controlled by the
 * hover state machine. Radix gives the menu roles, aria-expanded, arrow keys, Home/End, typeahead,
 * Escape and outside-click dismissal; `avoidCollisions` flips it above the trigger when needed.
 */
export function Dropdown({
  trigger,
  items,
  openOnHover = false,
  markCurrentPath = false,
  align = 'start',
  triggerClassName = '',
  contentClassName = '',
}: DropdownProps) {
  const { state, controller } = useHoverIntent();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pathname = useClientPathname();
  const pageCurrent = (item: DropdownItem) => markCurrentPath && isLink(item) && !item.external && isCurrentPath(pathname, item.href);
  const hasCheck = items.some((item) => item.current);
  const sectionCurrent = items.some(pageCurrent);

  const focusBeforeHover = useRef<Element | null>(null);
  const hover = (input: HoverInput) => (event: PointerEvent) => {
    if (!openOnHover || event.pointerType !== 'mouse') return;
    if (input === 'enter' && controller.state.phase === 'closed') focusBeforeHover.current = document.activeElement;
    controller.send(input);
  };
  const onTriggerPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    // With hover, a press must not toggle a hover-opened menu shut under the pointer: the machine decides.
    if (!openOnHover || event.button !== 0 || event.ctrlKey) return;
    event.preventDefault();
    controller.send('press');
  };
  const onCloseAutoFocus = (event: Event) => {
    // Radix would focus the trigger; after a hover-close, give focus back to where it was before the hover.
    if (controller.state.via !== 'hover') return;
    event.preventDefault();
    const previous = focusBeforeHover.current;
    focusBeforeHover.current = null;
    if (previous instanceof HTMLElement && previous.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
  };

  return (
    <DropdownMenu.Root modal={false} open={isMenuOpen(state)} onOpenChange={(open) => controller.send(open ? 'open' : 'close')}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={`group ${triggerClassName}`}
        data-current={sectionCurrent ? '' : undefined}
        onPointerEnter={hover('enter')}
        onPointerLeave={hover('leave')}
        onPointerDown={onTriggerPointerDown}
      >
        {trigger}
      </DropdownMenu.Trigger>
      {/* No portal: the menu stays in the header's landmark and right after its trigger in reading order. */}
      <DropdownMenu.Content
        side="bottom"
        align={align}
        sideOffset={6}
        avoidCollisions
        collisionPadding={8}
        loop
        className={`z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-(--radix-dropdown-menu-trigger-width) overflow-y-auto rounded-md border border-slate-200 bg-white p-1.5 text-ink shadow-lg ${contentClassName}`}
        onPointerEnter={hover('enter')}
        onPointerLeave={hover('leave')}
        onCloseAutoFocus={onCloseAutoFocus}
        // A press on the trigger is handled by the trigger, not as an outside click.
        onPointerDownOutside={(event) => {
          if (event.target instanceof Node && triggerRef.current?.contains(event.target)) event.preventDefault();
        }}
      >
        {items.map((item) => (
          <MenuEntry key={item.id} item={item} pageCurrent={pageCurrent(item)} hasCheck={hasCheck} />
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

const itemClass =
  'flex w-full cursor-pointer items-start gap-2 rounded-sm px-3 py-2.5 text-left text-sm outline-none select-none data-highlighted:bg-slate-100 data-highlighted:text-brand-dark aria-[current=page]:font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand';

function MenuEntry({ item, pageCurrent, hasCheck }: { item: DropdownItem; pageCurrent: boolean; hasCheck: boolean }) {
  const ariaCurrent = item.current ? ('true' as const) : pageCurrent ? ('page' as const) : undefined;
  const body = (
    <>
      {hasCheck ? <span className="flex h-5 w-4 shrink-0 items-center text-brand">{item.current ? <CheckIcon /> : null}</span> : null}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{item.label}</span>
        {item.description ? <span className="text-xs text-muted">{item.description}</span> : null}
      </span>
      {isLink(item) && item.external ? (
        <span className="flex h-5 items-center">
          <NewTabHint />
        </span>
      ) : null}
    </>
  );
  const separator = item.separatorBefore ? <DropdownMenu.Separator className="mx-1 my-1.5 h-px bg-slate-200" /> : null;

  if (!isLink(item)) {
    return (
      <>
        {separator}
        <DropdownMenu.Item asChild textValue={item.label} onSelect={item.onSelect}>
          <button type="button" lang={item.lang} aria-current={ariaCurrent} className={itemClass}>
            {body}
          </button>
        </DropdownMenu.Item>
      </>
    );
  }
  const anchorProps = {
    href: item.href,
    hrefLang: item.hrefLang,
    lang: item.lang,
    'aria-current': ariaCurrent,
    className: itemClass,
    ...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
  };
  return (
    <>
      {separator}
      <DropdownMenu.Item asChild textValue={item.label}>
        {item.external || item.nativeLink ? <a {...anchorProps}>{body}</a> : <Link {...anchorProps}>{body}</Link>}
      </DropdownMenu.Item>
    </>
  );
}
