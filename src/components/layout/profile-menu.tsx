'use client';

import type { InvestorProfile } from '@/domain/catalog';
import { useComplianceActions } from '@/components/compliance/compliance-context';
import { Dropdown } from './dropdown';
import { ChevronDownIcon, UserIcon } from './icons';
import type { LayoutData } from '@/domain/content/layout';

/**
 * Top-bar investor-profile dropdown (desktop). It shows the profile the page was rendered for; a
 * choice goes to the compliance layer, which stores it and reloads (docs/product.md §4). Choosing the
 * current profile changes nothing.
 */
export function ProfileMenu({
  profiles,
  current,
  label,
  triggerClassName,
}: {
  profiles: LayoutData['profiles'];
  current: InvestorProfile;
  /** "Investor profile", translated by the server component that renders the menu. */
  label: string;
  triggerClassName: string;
}) {
  const { selectProfile } = useComplianceActions();
  const currentTitle = profiles.find((p) => p.code === current)?.title ?? current;
  return (
    <Dropdown
      align="end"
      triggerClassName={triggerClassName}
      items={profiles.map(({ code, title }) => ({ id: code, label: title, current: code === current, onSelect: () => code !== current && selectProfile(code) }))}
      trigger={
        <>
          <UserIcon />
          <span className="text-white/85">{label}</span>
          <span className="font-semibold">{currentTitle}</span>
          <ChevronDownIcon className="size-3.5 transition-transform group-data-[state=open]:rotate-180" />
        </>
      }
    />
  );
}
