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

/** Privacy (GDPR): the policy, its cookies listed one by one, and the way to change one's choices. */
export async function PrivacyPage({ page }: { page: PageView }) {
  const t = await getTranslations('Content');
  return <LegalDocument page={page} toc="top" after={{ cookies: <CookieSettingsButton label={t('manageCookies')} /> }} />;
}
