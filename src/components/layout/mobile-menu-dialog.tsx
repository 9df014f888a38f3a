'use client';

import { Dialog } from 'radix-ui';
import type { MouseEvent, RefObject } from 'react';
import { CloseIcon } from './icons';
import { labelsOf, type MobileMenuLabels } from './menu-labels';
import { MobileMenuSections } from './mobile-menu-sections';
import { focusRing } from './styles';
import type { LayoutData } from '@/domain/content/layout';

/**
 * The mobile menu's dialog, loaded on first use by mobile-menu.tsx (which owns the open state and
 * the menu button): a controlled Radix Dialog without a Dialog.Trigger, so the focus is given back
 * to the menu button by hand when it closes.
 */
export function MobileMenuDialog({
  data,
  open,
  onOpenChange,
  contentId,
  returnFocusTo,
  labels,
}: {
  data: LayoutData;
  labels: MobileMenuLabels;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const t = labelsOf(labels);
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/50 transition-opacity starting:opacity-0 motion-reduce:transition-none lg:hidden" />
        {/* scroll-pt-16: a link the keyboard focuses scrolls clear of the sticky title bar (61 px; WCAG 2.4.11). */}
        <Dialog.Content
          id={contentId}
          aria-describedby={undefined}
          onClick={closeOnLink}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-[375px] flex-col overflow-y-auto overscroll-contain scroll-pt-16 bg-white text-ink shadow-2xl outline-none transition-transform duration-300 ease-out starting:translate-x-full motion-reduce:transition-none lg:hidden"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white py-2 pr-3 pl-5">
            <Dialog.Title className="text-lg font-bold text-brand">{t('menu.title')}</Dialog.Title>
            <Dialog.Close aria-label={t('menu.close')} className={`inline-flex size-11 items-center justify-center rounded-md text-brand hover:bg-slate-100 ${focusRing}`}>
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <MobileMenuSections data={data} labels={labels} onProfileChosen={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
