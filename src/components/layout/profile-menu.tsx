'use client';

import { useTranslations } from 'next-intl';
import type { InvestorProfile } from '@/domain/catalog';
import { useCurrentProfile } from '@/components/compliance/profile-context';
import { Dropdown } from './dropdown';
import { dispatchSelectProfile } from './events';
import { ChevronDownIcon, UserIcon } from './icons';
import type { LayoutData } from '@/domain/layout';

/**
 * The investor-profile choice. The layout only announces it (window event `fundhouse:select-profile`);
 * the compliance layer (src/components/compliance) stores it and reloads (docs/product.md §4). Choosing the current profile changes nothing.
 */
export function onSelectProfile(code: InvestorProfile, current: InvestorProfile): void {
  if (code !== current) dispatchSelectProfile(code);
}

/** Top-bar investor-profile dropdown (desktop). */
export function ProfileMenu({ profiles, current: serverProfile, triggerClassName }: { profiles: LayoutData['profiles']; current: InvestorProfile; triggerClassName: string }) {
  const t = useTranslations('Layout');
  const current = useCurrentProfile(serverProfile);
  const currentTitle = profiles.find((p) => p.code === current)?.title ?? current;
  return (
    <Dropdown
      align="end"
      triggerClassName={triggerClassName}
      items={profiles.map(({ code, title }) => ({ id: code, label: title, current: code === current, onSelect: () => onSelectProfile(code, current) }))}
      trigger={
        <>
          <UserIcon />
          <span className="text-white/85">{t('investorProfile')}</span>
          <span className="font-semibold">{currentTitle}</span>
          <ChevronDownIcon className="size-3.5 transition-transform group-data-[state=open]:rotate-180" />
        </>
      }
    />
  );
}
