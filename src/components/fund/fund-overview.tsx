import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { OfferedDocument } from '@/domain/documents/fund-documents';
import type { FundView } from '@/domain/model';
import { FundEsg } from './fund-esg';
import { FundPartners } from './fund-partners';
import { localizedPath } from '@/domain/routing/paths';

/** The subscribe form, with the share class chosen (docs/product.md §1 subscribe form). */
function subscribeHref(locale: Locale, share: { isinCode: string } | undefined): string {
  const path = localizedPath('/subscribe', locale);
  return share ? `${path}?isin=${share.isinCode}` : path;
}

type Props = {
  locale: Locale;
  /** The house's name, from its identity. */
  company: string;
  fund: FundView;
  esgDocuments: OfferedDocument[];
  contactHref: string;
  documentsHref: string;
};

/** The overview tab: what the fund does and how, its key facts, its ESG section and how to subscribe. */
export function FundOverview({ locale, company, fund, esgDocuments, contactHref, documentsHref }: Props) {
  const t = useTranslations('FundOverview');
  const main = fund.shares.find((s) => s.isMain) ?? fund.shares[0];
  return (
    <div className="space-y-12">
      <div className="grid gap-10 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="fund-description">
            <h3 id="fund-description" className="mb-3 text-xl font-semibold">
              {t('description')}
            </h3>
            <p className="leading-relaxed">{fund.description}</p>
          </section>
          <section aria-labelledby="fund-philosophy">
            <h3 id="fund-philosophy" className="mb-3 text-xl font-semibold">
              {t('philosophy')}
            </h3>
            <p className="leading-relaxed">{fund.philosophy}</p>
          </section>
          {main ? (
            <section aria-labelledby="fund-goal">
              <h3 id="fund-goal" className="mb-3 text-xl font-semibold">
                {t('managementGoal')}
              </h3>
              <p className="leading-relaxed">{main.managementGoal}</p>
              <p className="mt-2 text-sm text-slate-700">{t('managementGoalOf', { name: main.name })}</p>
            </section>
          ) : null}
        </div>
        <section aria-labelledby="fund-key-facts" className="h-fit rounded border border-slate-200 bg-slate-50 p-5">
          <h3 id="fund-key-facts" className="mb-3 text-xl font-semibold">
            {t('keyFacts')}
          </h3>
          <dl className="space-y-3">
            <Fact label={t('classification')} value={fund.classification} />
            <Fact label={t('duration')} value={fund.characteristics.find((c) => c.code === 'recommendedDuration')?.value ?? null} />
            <Fact label={t('benchmark')} value={fund.benchmark?.title ?? null} />
            <Fact label={t('currencies')} value={fund.currencies.join(', ') || null} />
          </dl>
        </section>
      </div>
      <FundEsg locale={locale} fund={fund} documents={esgDocuments} />
      <FundPartners
        company={company}
        partners={fund.partners}
        contactHref={contactHref}
        documentsHref={documentsHref}
        subscribeHref={subscribeHref(locale, fund.shares.find((s) => s.isMain) ?? fund.shares[0])}
      />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
