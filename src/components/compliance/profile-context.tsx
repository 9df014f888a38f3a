'use client';

import { createContext, useContext } from 'react';
import type { InvestorProfile } from '@/domain/catalog';
import type { LayoutData } from '@/domain/layout';

/**
 * The investor profile in the browser (docs/product.md §3 client state `investorProfile`, `fundsRange`). Pages
 * are rendered for the profile of the cookie; a profile stored only in localStorage (no consent to
 * the cookie) is applied here on start and the header's fund lists are refetched for it.
 */
export type ProfileState = {
  profile: InvestorProfile;
  /** The funds refetched for `profile`, or null while the server's list is the right one. */
  funds: LayoutData['funds'] | null;
};

export const ProfileContext = createContext<ProfileState | null>(null);

export function useCurrentProfile(serverProfile: InvestorProfile): InvestorProfile {
  return useContext(ProfileContext)?.profile ?? serverProfile;
}

export function useProfileFunds(serverFunds: LayoutData['funds']): LayoutData['funds'] {
  return useContext(ProfileContext)?.funds ?? serverFunds;
}
