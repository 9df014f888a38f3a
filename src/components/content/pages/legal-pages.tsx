import { getTranslations } from 'next-intl/server';
import type { PageView } from '@/domain/model';
import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';
import { LegalDocument } from './legal-document';

/** Legal notices: a short document, its contents listed above it. */
export function LegalNoticesPage({ page }: { page: PageView }) {
  return <LegalDocument page={page} toc="top" />;
}

/** Regulatory information: a long reference document, its contents beside it as the reader scrolls. */
export function RegulatoryPage({ page }: { page: PageView }) {
  return <LegalDocument page={page} toc="side" />;
}

/**
 * The accessibility statement (Directive (EU) 2019/882, the model of Implementing Decision (EU) 2018/1523):
 * the standard, the status and how it was established, what is not accessible and the alternative,
 * the contact and the enforcement procedure, its contents listed above it.
 */
export function AccessibilityPage({ page }: { page: PageView }) {
  return <LegalDocument page={page} toc="top" />;
}

/** Privacy (GDPR): the policy, its cookies listed one by one, and the way to change one's choices. */
export async function PrivacyPage({ page }: { page: PageView }) {
  const t = await getTranslations('Content');
  return <LegalDocument page={page} toc="top" after={{ cookies: <CookieSettingsButton label={t('manageCookies')} /> }} />;
}
