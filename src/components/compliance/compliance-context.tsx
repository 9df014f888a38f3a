'use client';

import { createContext, useContext } from 'react';
import type { InvestorProfile } from '@/domain/catalog';

/**
 * What the rest of the site asks of the compliance layer (docs/product.md §4, §9): the header's
 * profile choices and every "cookie settings" button. ComplianceProvider gives them; the menus only
 * call them, and keep showing the profile the page was rendered for (docs/decisions/025).
 */
export type ComplianceActions = {
  /** Stores a new investor profile and reloads at the home page of the current language. */
  selectProfile: (profile: InvestorProfile) => void;
  /** Stores a new country of residence and reloads at the home page of the current language (docs/decisions/035). */
  selectCountry: (country: string) => void;
  /** Opens the cookie settings dialog. */
  openCookieSettings: () => void;
};

export const ComplianceContext = createContext<ComplianceActions | null>(null);

export function useComplianceActions(): ComplianceActions {
  const actions = useContext(ComplianceContext);
  if (!actions) throw new Error('useComplianceActions is used outside ComplianceProvider');
  return actions;
}
