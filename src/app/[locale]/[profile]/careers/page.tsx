import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FormSection } from '@/components/forms/form-section';
import { VisitorFormSlot } from '@/components/forms/visitor-form-slot';
import { captchaConfig } from '@/server/forms/captcha';
import { formPageMetadata } from '@/server/forms/page-metadata';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getCompany } from '@/server/site/queries';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return formPageMetadata('Career', locale, '/careers');
}

/** Careers (/fr/carrieres, /en/careers, /es/empleo): the application form with its CV upload. */
export default async function CareersPage({ params }: Props) {
  const { locale } = await siteParams(params);
  const [t, company] = await Promise.all([getTranslations('Career'), getCompany(locale)]);
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 md:py-14">
      <h1 className="mb-6 text-3xl font-bold text-brand md:text-4xl">{t('title')}</h1>
      <p className="text-lg">{t('intro')}</p>
      <FormSection id="application" title={t('formTitle')}>
        <VisitorFormSlot kind="career" company={company?.title ?? ''} captcha={captchaConfig()} />
      </FormSection>
    </article>
  );
}
