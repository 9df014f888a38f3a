'use client';

import { useProfileFunds } from '@/components/compliance/profile-context';
import { Dropdown } from './dropdown';
import { ChevronDownIcon } from './icons';
import { fundMenuItems } from './menu-items';
import type { LayoutData } from '@/domain/layout';

/** The main menu's funds dropdown: the server's list, or the one refetched for a profile kept only in the browser. */
export function FundsDropdown({ funds, fundRange, label, triggerClassName }: { funds: LayoutData['funds']; fundRange: LayoutData['fundRange']; label: string; triggerClassName: string }) {
  return (
    <Dropdown
      openOnHover
      markCurrentPath
      triggerClassName={triggerClassName}
      contentClassName="w-[min(24rem,calc(100vw-1rem))]"
      items={fundMenuItems(useProfileFunds(funds), fundRange)}
      trigger={
        <>
          {label}
          <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        </>
      }
    />
  );
}
