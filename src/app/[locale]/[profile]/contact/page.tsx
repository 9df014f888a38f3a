import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ContentPage } from '@/components/content/content-page';
import { ContactMap } from '@/components/forms/contact-map';
import { FormSection } from '@/components/forms/form-section';
import { VisitorFormSlot } from '@/components/forms/visitor-form-slot';
import { captchaConfig } from '@/server/forms/captcha';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getCompany, getPage } from '@/server/site/queries';
import { contentPageMetadata } from '@/server/seo/page-metadata';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('contact', locale, '/contact');
}

/** Contact (docs/product.md §2): the company's details, the contact form, the newsletter subscription and the map. */
export default async function ContactPage({ params }: Props) {
  const { locale } = await siteParams(params);
  const [page, company, t] = await Promise.all([getPage(locale, 'contact'), getCompany(locale), getTranslations('Contact')]);
  if (!page || !company) notFound();
  const info = (code: string) => company.infos.find((i) => i.code === code)?.content;
  const phone = info('PHONE');
  const press = info('EMAIL_PRESS');
  const captcha = captchaConfig();
  return (
    <ContentPage
      page={page}
      before={
        <section aria-labelledby="contact-details" className="mb-10 rounded border border-slate-200 bg-slate-50 p-6">
          <h2 id="contact-details" className="mb-3 text-xl font-semibold">
            {t('details')}
          </h2>
          <address className="not-italic leading-relaxed">
            <strong>{company.title}</strong>
            <br />
            {info('ADDRESS')}
            <br />
            {info('ZIP_CODE')} {info('CITY')}
            {phone ? (
              <>
                <br />
                {t('phone')} <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="text-brand underline">{phone}</a>
              </>
            ) : null}
            {press ? (
              <>
                <br />
                {t('press')} <a href={`mailto:${press}`} className="text-brand underline">{press}</a>
              </>
            ) : null}
          </address>
        </section>
      }
    >
      <FormSection id="contact-form" title={t('formTitle')} intro={t('formIntro')}>
        <VisitorFormSlot kind="contact" company={company.title} captcha={captcha} />
      </FormSection>
      <FormSection id="newsletter" title={t('newsletterTitle')} intro={t('newsletterIntro')}>
        <VisitorFormSlot kind="newsletter" company={company.title} captcha={captcha} />
      </FormSection>
      <ContactMap address={{ company: company.title, street: info('ADDRESS') ?? '', zipCode: info('ZIP_CODE') ?? '', city: info('CITY') ?? '' }} />
    </ContentPage>
  );
}
