'use client';

import { useEffect, useRef, useState } from 'react';

type Props = {
  /** The text to copy, or a path of this site, copied as an absolute URL of the current origin. */
  text?: string;
  path?: string;
  label: string;
  copied: string;
  failed: string;
  className?: string;
};

/** How long the confirmation stays on screen. */
const MESSAGE_MS = 8000;

/**
 * A button that copies to the clipboard and confirms it in a polite live region (role=status), which is in the
 * page from the start so screen readers announce the message when it appears.
 */
export function CopyButton({ text, path, label, copied, failed, className }: Props) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const value = path === undefined ? (text ?? '') : new URL(path, window.location.origin).href;
    let ok = false;
    try {
      await navigator.clipboard.writeText(value);
      ok = true;
    } catch {
      ok = false;
    }
    clearTimeout(timer.current);
    setMessage(ok ? copied : failed);
    timer.current = setTimeout(() => setMessage(''), MESSAGE_MS);
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2 print:hidden">
      <button
        type="button"
        onClick={copy}
        className={
          className ??
          'inline-flex min-h-9 items-center gap-1.5 rounded border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-brand hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'
        }
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h8" />
        </svg>
        {label}
      </button>
      <span role="status" aria-live="polite" className="text-sm font-medium text-emerald-800">
        {message}
      </span>
    </span>
  );
}
