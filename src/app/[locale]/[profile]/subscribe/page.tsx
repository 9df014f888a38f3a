import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FormSection } from '@/components/forms/form-section';
import type { PageOptions } from '@/components/forms/form-field';
import { VisitorFormSlot } from '@/components/forms/visitor-form-slot';
import { captchaConfig } from '@/server/forms/captcha';
import { formPageMetadata } from '@/server/forms/page-metadata';
import { subscribableShares } from '@/server/forms/subscribe-options';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getCompany, listInvestorProfiles } from '@/server/site/queries';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return formPageMetadata('Subscribe', locale, '/subscribe');
}

/**
 * Subscribe (/fr/souscrire, /en/subscribe, /es/suscribir): a request to subscribe to a share class
 * the visitor's profile may see; an adviser completes it. ?isin=… preselects a share class.
 */
export default async function SubscribePage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const [t, groups, profiles, company] = await Promise.all([getTranslations('Subscribe'), subscribableShares(locale, audience), listInvestorProfiles(locale), getCompany(locale)]);
  const options: PageOptions = {
    isin: groups.map((g) => ({ label: g.fund, options: g.shares.map((s) => ({ value: s.isin, label: s.label })) })),
    investorType: [{ label: null, options: profiles.map((p) => ({ value: p.code, label: p.title })) }],
  };
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 md:py-14">
      <h1 className="mb-6 text-3xl font-bold text-brand md:text-4xl">{t('title')}</h1>
      <p className="text-lg">{t('intro')}</p>
      <p className="mt-4 rounded border-l-4 border-accent bg-amber-50 p-4">{t('warning')}</p>
      <FormSection id="subscription" title={t('formTitle')}>
        {groups.length > 0 ? <VisitorFormSlot kind="subscribe" company={company?.title ?? ''} captcha={captchaConfig()} options={options} /> : <p>{t('noShares')}</p>}
      </FormSection>
    </article>
  );
}
