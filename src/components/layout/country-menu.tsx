'use client';

import { useComplianceActions } from '@/components/compliance/compliance-context';
import type { LayoutData } from '@/domain/content/layout';
import { Dropdown } from './dropdown';
import { ChevronDownIcon, GlobeIcon } from './icons';

/**
 * Top-bar country-of-residence dropdown (desktop), next to the profile's (docs/decisions/035). It
 * shows the country the page was rendered for; a choice is stored like the profile and reloads the
 * language's home page. Choosing the current country changes nothing.
 */
export function CountryMenu({
  countries,
  current,
  label,
  triggerClassName,
}: {
  countries: LayoutData['countries'];
  current: string;
  /** "Country of residence", translated by the server component that renders the menu (docs/decisions/039). */
  label: string;
  triggerClassName: string;
}) {
  const { selectCountry } = useComplianceActions();
  const currentTitle = countries.find((c) => c.code === current)?.title ?? current;
  return (
    <Dropdown
      align="end"
      triggerClassName={triggerClassName}
      items={countries.map(({ code, title }) => ({ id: code, label: title, current: code === current, onSelect: () => code !== current && selectCountry(code) }))}
      trigger={
        <>
          <GlobeIcon />
          <span className="text-white/85">{label}</span>
          <span className="font-semibold">{currentTitle}</span>
          <ChevronDownIcon className="size-3.5 transition-transform group-data-[state=open]:rotate-180" />
        </>
      }
    />
  );
}
