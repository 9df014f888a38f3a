'use client';

import { useCallback, useId, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { isLink, type DropdownItem } from './dropdown-items';
import { isMenuOpen, type HoverInput } from './hover-intent';
import { lazyModule } from './lazy-module';
import { triggerKeyInput, triggerPressInput } from './menu-trigger';
import { isCurrentPath } from './nav-match';
import { useClientPathname } from './use-client-pathname';
import { useHoverIntent } from './use-hover-intent';
import { useLazyModule } from './use-lazy-module';

export type { DropdownActionItem, DropdownItem, DropdownLinkItem } from './dropdown-items';

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

/**
 * Radix DropdownMenu and the menu's items (dropdown-menu.tsx): about 30 KB gzip that every page would
 * otherwise load for four header menus. It is fetched when a trigger is first pointed at, focused or
 * pressed, and shared by every dropdown.
 */
const menuModule = lazyModule(() => import('./dropdown-menu'));

/**
 * The one dropdown of the header (docs/product.md §2). The trigger is a plain button that works like Radix's
 * DropdownMenu.Trigger (aria-haspopup/expanded/controls, data-state; Enter, Space and ArrowDown open
 * it with the focus on the first item; a press toggles it) and drives the hover state machine. The
 * menu itself is a Radix DropdownMenu, non-modal and controlled by that machine, mounted from the
 * lazily loaded chunk against this same button: Radix gives the menu roles, arrow keys, Home/End,
 * typeahead, Escape and outside-click dismissal with the focus back on the trigger, and
 * `avoidCollisions` flips it above the trigger when needed. An open request made while the chunk
 * is on its way is served as soon as it arrives.
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
  const [menu, loadMenu] = useLazyModule(
    menuModule,
    useCallback(() => controller.send('close'), [controller]),
  );
  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const contentId = useId();
  const pathname = useClientPathname();
  const pageCurrent = (item: DropdownItem) => markCurrentPath && isLink(item) && !item.external && isCurrentPath(pathname, item.href);
  const sectionCurrent = items.some(pageCurrent);
  const open = menu !== null && isMenuOpen(state);

  const openedWithKeyboard = useRef(false);
  const focusBeforeHover = useRef<Element | null>(null);
  const hover = (input: HoverInput) => (event: PointerEvent) => {
    if (!openOnHover || event.pointerType !== 'mouse') return;
    if (input === 'enter' && controller.state.phase === 'closed') {
      focusBeforeHover.current = document.activeElement;
      openedWithKeyboard.current = false;
    }
    controller.send(input);
  };
  const onTriggerPointerEnter = (event: PointerEvent<HTMLButtonElement>) => {
    loadMenu();
    hover('enter')(event);
  };
  const onTriggerPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    loadMenu();
    const wasOpen = isMenuOpen(controller.state);
    const input = triggerPressInput(event, wasOpen, openOnHover);
    if (!input) return;
    // As Radix does: a press that opens the menu leaves the focus where it is, so that the menu can
    // take it; with hover, no press focuses the trigger (the machine decides, see hover-intent.ts).
    if (openOnHover || !wasOpen) event.preventDefault();
    openedWithKeyboard.current = false;
    controller.send(input);
  };
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const input = triggerKeyInput(event.key, isMenuOpen(controller.state));
    if (!input) return;
    event.preventDefault();
    loadMenu();
    openedWithKeyboard.current = input === 'open' && !open;
    controller.send(input);
  };
  const takeKeyboardOpen = useCallback(() => {
    const opened = openedWithKeyboard.current;
    openedWithKeyboard.current = false;
    return opened;
  }, []);
  const onCloseAutoFocus = (event: Event) => {
    // Radix focuses the trigger; after a hover-close, give focus back to where it was before the hover.
    if (controller.state.via !== 'hover') return;
    event.preventDefault();
    const previous = focusBeforeHover.current;
    focusBeforeHover.current = null;
    if (previous instanceof HTMLElement && previous.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
  };
  const onPointerDownOutside = (event: Event) => {
    // A press on the trigger is handled by the trigger, not as an outside click.
    if (event.target instanceof Node && triggerRef.current?.contains(event.target)) event.preventDefault();
  };

  const Menu = menu?.DropdownMenuPanel;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        id={triggerId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        data-current={sectionCurrent ? '' : undefined}
        className={`group ${triggerClassName}`}
        onPointerEnter={onTriggerPointerEnter}
        onPointerLeave={hover('leave')}
        onPointerDown={onTriggerPointerDown}
        onKeyDown={onTriggerKeyDown}
        onFocus={loadMenu}
      >
        {trigger}
      </button>
      {/* No portal: the menu stays in the header's landmark and right after its trigger in reading order. */}
      {Menu ? (
        <Menu
          open={open}
          onOpenChange={(next) => controller.send(next ? 'open' : 'close')}
          trigger={triggerRef}
          triggerId={triggerId}
          contentId={contentId}
          items={items}
          pageCurrent={pageCurrent}
          align={align}
          contentClassName={contentClassName}
          onContentPointerEnter={hover('enter')}
          onContentPointerLeave={hover('leave')}
          takeKeyboardOpen={takeKeyboardOpen}
          onCloseAutoFocus={onCloseAutoFocus}
          onPointerDownOutside={onPointerDownOutside}
        />
      ) : null}
    </>
  );
}
