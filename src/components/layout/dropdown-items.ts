/** The entries of a header dropdown (dropdown.tsx); shared by the trigger and the lazily loaded menu. */
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
  /**
   * Opens in a new tab, with rel="noopener noreferrer" and "(opens in a new tab)" for screen readers:
   * that text, translated by the server component that builds the items (no next-intl in the browser).
   */
  external?: { newTab: string };
  /** A plain <a> (full page load) instead of next/link, e.g. for route handlers that redirect. */
  nativeLink?: boolean;
  hrefLang?: string;
};
/** A button item; `onSelect` is a function, so these items can only be built in client components. */
export type DropdownActionItem = ItemBase & { onSelect: () => void };
export type DropdownItem = DropdownLinkItem | DropdownActionItem;

export const isLink = (item: DropdownItem): item is DropdownLinkItem => 'href' in item;
