import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { ShareView } from '@/domain/model';
import { formatNav } from '@/domain/performance/format';
import { CopyButton } from './copy-button';
import { SriScale } from '@/components/ui/sri-scale';

/** The share's identity card: ISIN (with its copy button), last NAV and its date, currency, inception, SRI. */
export function ShareKeyFacts({ share, locale }: { share: ShareView; locale: Locale }) {
  const t = useTranslations('Share');
  const fact = 'text-sm text-muted';
  return (
    <section aria-labelledby="key-facts-heading" className="mb-8">
      <h2 id="key-facts-heading" className="sr-only">
        {t('keyFacts')}
      </h2>
      <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3 print:gap-y-2">
        <div>
          <dt className={fact}>{t('isin')}</dt>
          <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono text-lg font-semibold">{share.isinCode}</span>
            <CopyButton text={share.isinCode} label={t('copyIsin')} copied={t('isinCopied')} failed={t('copyFailed')} />
          </dd>
        </div>
        <div>
          <dt className={fact}>{t('lastNav')}</dt>
          <dd className="text-lg font-semibold">
            {share.lastPrice ? (
              <>
                {share.lastPrice.displayValue}{' '}
                <span className="text-sm font-normal text-muted">
                  {t('lastNavDate', { date: share.lastPrice.formattedDate })}
                </span>
              </>
            ) : (
              '-'
            )}
          </dd>
        </div>
        <div>
          <dt className={fact}>{t('currency')}</dt>
          <dd className="text-lg font-semibold">
            {share.currency.code} <span className="text-sm font-normal text-muted">({share.currency.symbol})</span>
          </dd>
        </div>
        <div>
          <dt className={fact}>{t('inception')}</dt>
          <dd className="text-lg font-semibold">
            <time dateTime={share.inceptionDate}>{share.formattedInceptionDate}</time>
          </dd>
        </div>
        <div>
          <dt className={fact}>{t('inceptionNav')}</dt>
          <dd className="text-lg font-semibold">{formatNav(share.inceptionNav, share.currency.code, locale)}</dd>
        </div>
        <div>
          <dt className={`${fact} mb-1`}>{t('sri')}</dt>
          <dd>
            <SriScale size="lg" level={share.sriLevel} label={t('sriLevel', { level: share.sriLevel })} ends={{ lower: t('sriLower'), higher: t('sriHigher') }} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
