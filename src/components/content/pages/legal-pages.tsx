import { getTranslations } from 'next-intl/server';
import type { CompanyLegal, PageView } from '@/domain/model';
import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';
import { legalIdentityRows, type IdentityRow } from '@/components/layout/legal-line';
import { LegalDocument } from './legal-document';

/**
 * Legal notices: a short document, its contents listed above it; after its publisher section, the
 * house's legal identity as entered on the company screen (docs/decisions/059), when there is one.
 */
export function LegalNoticesPage({ page, legal = null }: { page: PageView; legal?: CompanyLegal | null }) {
  const rows = legal ? legalIdentityRows(legal) : [];
  return <LegalDocument page={page} toc="top" after={rows.length > 0 ? { publisher: <LegalIdentity rows={rows} /> } : {}} />;
}

/** The legal identity's given parts as a list of terms and values; the e-mails as links. */
async function LegalIdentity({ rows }: { rows: IdentityRow[] }) {
  const t = await getTranslations('Content');
  return (
    <div className="max-w-prose rounded border border-slate-200 p-4">
      <h3 className="mb-3 font-semibold">{t('legalIdentity.title')}</h3>
      <dl className="space-y-2">
        {rows.map(({ key, value, mail }) => (
          <div key={key} className="sm:flex sm:gap-4">
            <dt className="shrink-0 text-muted sm:w-56">{t(`legalIdentity.${key}`)}</dt>
            <dd className="break-words">
              {mail ? (
                <a href={`mailto:${value}`} className="text-brand underline">
                  {value}
                </a>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
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
