'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { ConsentState } from '@/domain/privacy/consent';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const button = `min-h-11 rounded-md px-5 font-semibold ${focusRing}`;
const choice = `${button} border-2 border-brand bg-brand text-white hover:bg-brand-dark`;

/** The cookies of each service and their lifetimes (docs/product.md §9), named by message keys. */
const SERVICES = [
  { id: 'required', switchable: false, cookies: ['consent', 'disclaimer', 'profile', 'language', 'session', 'security'] },
  { id: 'captcha', switchable: false, cookies: ['captcha'] },
  { id: 'video', switchable: true, cookies: ['video'] },
] as const;

/**
 * The cookie settings (docs/product.md §2, §4): every service with its description and the lifetime of each of
 * its cookies; required services are shown on and cannot be switched; video is off until switched on.
 * "Refuse all" and "Accept all" sit side by side with the same weight; closing without a choice
 * records nothing (no choice means refusal).
 */
export function ConsentDialog({
  open,
  onOpenChange,
  consent,
  onSave,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  consent: ConsentState;
  onSave: (choice: { video: boolean }) => void;
  /** The control that opened the settings: closed, they give it the focus back (no Dialog.Trigger does). */
  returnFocusTo: () => HTMLElement | null;
}) {
  const t = useTranslations('Consent');
  const [video, setVideo] = useState(consent.video);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[92] bg-slate-950/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const opener = returnFocusTo();
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className="fixed top-1/2 left-1/2 z-[93] flex max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white p-5 shadow-2xl outline-none sm:p-8">
          <Dialog.Title className="mb-2 text-xl font-bold text-brand">{t('modalTitle')}</Dialog.Title>
          <Dialog.Description className="mb-5 text-sm">{t('modalIntro')}</Dialog.Description>
          <ul className="mb-6 flex flex-col gap-4">
            {SERVICES.map((service) => {
              const on = service.switchable ? video : true;
              const titleId = `consent-${service.id}-title`;
              return (
                <li key={service.id} className="rounded-md border border-slate-200 p-4">
                  <div className="mb-2 flex items-center justify-between gap-4">
                    <h3 id={titleId} className="font-semibold">
                      {t(`services.${service.id}.title`)}
                    </h3>
                    {service.switchable ? (
                      <button
                        type="button"
                        role="switch"
                        aria-checked={on}
                        aria-labelledby={titleId}
                        onClick={() => setVideo((v) => !v)}
                        className={`inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md px-2 ${focusRing}`}
                      >
                        <span aria-hidden="true" className={`relative inline-block h-6 w-11 rounded-full transition-colors ${on ? 'bg-brand' : 'bg-slate-500'}`}>
                          <span className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white transition-transform motion-reduce:transition-none ${on ? 'translate-x-5' : ''}`} />
                        </span>
                        <span aria-hidden="true" className="w-20 text-left text-sm">
                          {on ? t('on') : t('off')}
                        </span>
                      </button>
                    ) : (
                      <span className="shrink-0 text-sm font-semibold text-brand">{t('alwaysOn')}</span>
                    )}
                  </div>
                  <p className="mb-2 text-sm">{t(`services.${service.id}.description`)}</p>
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">{t(`services.${service.id}.title`)}</caption>
                    <thead className="sr-only">
                      <tr>
                        <th scope="col">{t('cookie')}</th>
                        <th scope="col">{t('lifetime')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {service.cookies.map((cookie) => (
                        <tr key={cookie} className="border-t border-slate-100">
                          <th scope="row" className="py-1 pr-4 font-normal text-muted">
                            {t(`cookies.${cookie}.name`)}
                          </th>
                          <td className="py-1">
                            <span className="sr-only">{t('lifetime')}: </span>
                            {t(`cookies.${cookie}.duration`)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <button type="button" className={choice} onClick={() => onSave({ video: false })}>
              {t('refuseAll')}
            </button>
            <button type="button" className={choice} onClick={() => onSave({ video: true })}>
              {t('acceptAll')}
            </button>
            <button type="button" className={`${button} border-2 border-brand text-brand hover:bg-slate-100`} onClick={() => onSave({ video })}>
              {t('save')}
            </button>
          </div>
          <Dialog.Close className={`absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-brand hover:bg-slate-100 ${focusRing}`}>
            <span aria-hidden="true" className="text-2xl leading-none">
              ×
            </span>
            <span className="sr-only">{t('close')}</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
