'use client';

import type { Locale } from '@/env';
import type { LayoutData } from '@/domain/content/layout';
import { WithCurrentUrl } from './current-url';
import { Dropdown } from './dropdown';
import { ChevronDownIcon, GlobeIcon } from './icons';
import { languageItems } from './menu-items';

/** Top-bar language dropdown (desktop). */
export function LanguageMenu({
  languages,
  current,
  home,
  label,
  triggerClassName,
}: {
  languages: LayoutData['languages'];
  current: Locale;
  /** The current language's home: where the switch starts from until the page's own URL is known. */
  home: string;
  /** "Language", translated by the server component that renders the menu. */
  label: string;
  triggerClassName: string;
}) {
  const currentLabel = languages.find((l) => l.locale === current)?.label ?? current.toUpperCase();
  return (
    <WithCurrentUrl fallback={home}>
      {(from) => (
        <Dropdown
          align="end"
          triggerClassName={triggerClassName}
          items={languageItems(languages, current, from)}
          trigger={
            <>
              <GlobeIcon />
              <span className="sr-only">{label} </span>
              <span>{currentLabel}</span>
              <ChevronDownIcon className="size-3.5 transition-transform group-data-[state=open]:rotate-180" />
            </>
          }
        />
      )}
    </WithCurrentUrl>
  );
}
