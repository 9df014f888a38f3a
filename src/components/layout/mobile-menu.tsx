'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { Dialog } from 'radix-ui';
import { useEffect, useState, type MouseEvent } from 'react';
import { NAVBAR_BREAKPOINT_PX } from './constants';
import { CloseIcon, MenuIcon } from './icons';
import { MobileMenuSections } from './mobile-menu-sections';
import { focusRing } from './styles';
import type { LayoutData } from './types';

/**
 * The slide-in menu below the navbar breakpoint (SPEC §2, max width 375 px). Radix Dialog traps focus,
 * closes on Escape and locks page scroll (through Dialog.Overlay). It also closes on every route change,
 * when a link inside is followed, and when the window grows to the desktop layout.
 */
export function MobileMenu({ data }: { data: LayoutData }) {
  const t = useTranslations('Layout');
  const [open, setOpen] = useState(false);
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
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={t('menu.open')}
        className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-brand hover:bg-slate-100 lg:hidden ${focusRing}`}
      >
        <MenuIcon className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/50 transition-opacity starting:opacity-0 motion-reduce:transition-none lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onClick={closeOnLink}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-[375px] flex-col overflow-y-auto overscroll-contain bg-white text-ink shadow-2xl outline-none transition-transform duration-300 ease-out starting:translate-x-full motion-reduce:transition-none lg:hidden"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white py-2 pr-3 pl-5">
            <Dialog.Title className="text-lg font-bold text-brand">{t('menu.title')}</Dialog.Title>
            <Dialog.Close aria-label={t('menu.close')} className={`inline-flex size-11 items-center justify-center rounded-md text-brand hover:bg-slate-100 ${focusRing}`}>
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <MobileMenuSections data={data} onProfileChosen={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
