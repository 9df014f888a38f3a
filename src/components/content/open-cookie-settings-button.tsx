'use client';

/** Opens the cookie settings of the consent layer, which listens for this window event. */
export function OpenCookieSettingsButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.dispatchEvent(new CustomEvent('fundhouse:open-cookie-settings'))}
      className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {label}
    </button>
  );
}
