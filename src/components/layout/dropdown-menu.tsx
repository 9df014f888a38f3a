'use client';

import Link from 'next/link';
import { DropdownMenu } from 'radix-ui';
import { useCallback, useLayoutEffect, type PointerEvent, type Ref, type RefObject } from 'react';
import { isLink, type DropdownItem } from './dropdown-items';
import { CheckIcon } from './icons';
import { NewTabMark } from './new-tab-mark';

/**
 * The Radix part of the header dropdown, loaded on first use by dropdown.tsx (which documents the
 * behaviour): not part of any page's first-load JavaScript.
 */
export type DropdownMenuPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger button rendered by dropdown.tsx: the menu's anchor, and where the focus returns. */
  trigger: RefObject<HTMLButtonElement | null>;
  triggerId: string;
  contentId: string;
  items: DropdownItem[];
  pageCurrent: (item: DropdownItem) => boolean;
  align: 'start' | 'center' | 'end';
  contentClassName: string;
  onContentPointerEnter: (event: PointerEvent) => void;
  onContentPointerLeave: (event: PointerEvent) => void;
  /** Whether the menu was just opened from the keyboard (its first item then gets the focus); reading it clears it. */
  takeKeyboardOpen: () => boolean;
  onCloseAutoFocus: (event: Event) => void;
  onPointerDownOutside: (event: Event) => void;
};

export function DropdownMenuPanel({
  open,
  onOpenChange,
  trigger,
  triggerId,
  contentId,
  items,
  pageCurrent,
  align,
  contentClassName,
  onContentPointerEnter,
  onContentPointerLeave,
  takeKeyboardOpen,
  onCloseAutoFocus,
  onPointerDownOutside,
}: DropdownMenuPanelProps) {
  const hasCheck = items.some((item) => item.current);
  // Radix focuses a menu opened by a press; a menu opened from the keyboard starts on its first item.
  // Radix's own trigger gets this from a keydown listener that this menu may have missed (it can be
  // mounted by that very keydown), so it is done here: the focus is moved when the content mounts,
  // and Radix's auto-focus, which runs after and finds the focus inside, leaves it there.
  const focusFirstItem = useCallback(
    (content: HTMLDivElement | null) => {
      if (!content || !takeKeyboardOpen()) return;
      content.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
    },
    [takeKeyboardOpen],
  );
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <ExistingTrigger element={trigger} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        ref={focusFirstItem}
        id={contentId}
        aria-labelledby={triggerId}
        side="bottom"
        align={align}
        sideOffset={6}
        avoidCollisions
        collisionPadding={8}
        loop
        className={`z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-(--radix-dropdown-menu-trigger-width) overflow-y-auto rounded-md border border-slate-200 bg-white p-1.5 text-ink shadow-lg ${contentClassName}`}
        onPointerEnter={onContentPointerEnter}
        onPointerLeave={onContentPointerLeave}
        onCloseAutoFocus={onCloseAutoFocus}
        onPointerDownOutside={onPointerDownOutside}
      >
        {items.map((item) => (
          <MenuEntry key={item.id} item={item} pageCurrent={pageCurrent(item)} hasCheck={hasCheck} />
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/**
 * Radix places the menu against its Trigger (the popper anchor) and gives the focus back to it on
 * close. Here the trigger is the button that dropdown.tsx rendered, and maybe focused, before this
 * code arrived: instead of being replaced by a new button, that element is handed to
 * DropdownMenu.Trigger through the ref `asChild` gives its child. Its attributes and its key and
 * press handling stay with dropdown.tsx, so the props Radix would add to it are not used.
 */
function ExistingTrigger({ element, ref }: { element: RefObject<HTMLElement | null>; ref?: Ref<HTMLElement> }) {
  useLayoutEffect(() => {
    if (!ref) return;
    const node = element.current;
    if (typeof ref === 'function') {
      const cleanup = ref(node);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else ref(null);
      };
    }
    ref.current = node;
    return () => {
      ref.current = null;
    };
  }, [element, ref]);
  return null;
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
          <NewTabMark label={item.external.newTab} />
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
