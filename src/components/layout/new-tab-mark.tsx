import { ExternalIcon } from './icons';

/**
 * The end of an external link's name: an icon for the eye and "(opens in a new tab)" for screen
 * readers, that text given translated. Client components (the header's dropdowns, the mobile menu)
 * get it as a prop from the server, so no page loads next-intl's client for it (docs/decisions/039);
 * server components use NewTabHint, which translates it.
 */
export function NewTabMark({ label, icon = true, iconClassName = 'size-3.5 shrink-0' }: { label: string; icon?: boolean; iconClassName?: string }) {
  return (
    <>
      {icon ? <ExternalIcon className={iconClassName} /> : null}
      <span className="sr-only"> {label}</span>
    </>
  );
}
