'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NAVBAR_BREAKPOINT_PX } from './constants';
import { MenuIcon } from './icons';
import { lazyModule } from './lazy-module';
import type { MobileMenuLabels } from './menu-labels';
import { focusRing } from './styles';
import type { LayoutData } from '@/domain/content/layout';
import { useLazyModule } from './use-lazy-module';

/**
 * The dialog (Radix Dialog and the menu's contents, mobile-menu-dialog.tsx) is not part of the page's
 * first-load JavaScript: it is fetched when the menu button is first touched, pointed at or focused.
 */
const dialogModule = lazyModule(() => import('./mobile-menu-dialog'));

/**
 * The slide-in menu below the navbar breakpoint (docs/product.md §2, max width 375 px). The menu button is a
 * plain button (aria-haspopup="dialog", aria-expanded, aria-controls, as Radix's Dialog.Trigger);
 * the dialog, once loaded, is a controlled Radix Dialog that traps focus, closes on Escape, locks
 * page scroll (through Dialog.Overlay) and gives the focus back to the button. It also closes on
 * every route change, when a link inside is followed, and when the window grows to the desktop layout.
 */
export function MobileMenu({ data, labels }: { data: LayoutData; labels: MobileMenuLabels }) {
  const [open, setOpen] = useState(false);
  const [dialog, loadDialog] = useLazyModule(
    dialogModule,
    useCallback(() => setOpen(false), []),
  );
  const buttonRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  if (pathname !== shownFor) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(`(min-width: ${NAVBAR_BREAKPOINT_PX}px)`);
    const close = () => desktop.matches && setOpen(false);
    desktop.addEventListener('change', close);
    return () => desktop.removeEventListener('change', close);
  }, [open]);
  // A click before the dialog's code has arrived opens it as soon as it is there.
  const shown = open && dialog !== null;

  const Dialog = dialog?.MobileMenuDialog;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={labels['menu.open']}
        aria-haspopup="dialog"
        aria-expanded={shown}
        aria-controls={shown ? contentId : undefined}
        data-state={shown ? 'open' : 'closed'}
        className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-brand hover:bg-slate-100 lg:hidden ${focusRing}`}
        onPointerEnter={loadDialog}
        onTouchStart={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          loadDialog();
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" />
      </button>
      {Dialog ? <Dialog data={data} labels={labels} open={shown} onOpenChange={setOpen} contentId={contentId} returnFocusTo={buttonRef} /> : null}
    </>
  );
}
