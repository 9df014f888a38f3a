import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/env';
import { esgDocuments } from '@/domain/documents/fund-documents';
import { fundTabPath } from '@/domain/funds/tabs';
import { localizedPath } from '@/domain/routing/paths';
import type { AdminT } from '@/i18n/admin';
import { FundOverview } from '@/components/fund/fund-overview';
import { ShareKeyFacts } from '@/components/share/share-key-facts';
import { fundDocumentOffer } from '@/server/documents/offer-queries';
import { previewFund } from '@/server/funds/queries';
import { getCompany } from '@/server/site/queries';
import { PublicPreview } from '@/app/admin/(staff)/pages/_view';

/**
 * The public preview of a proposed change of a fund or a share class (docs/approval.md): the fund
 * page's overview tab (its texts and key facts), or the share page's key facts, drawn by the public site's
 * own components from the catalog with the proposal's fields in place.
 */
export async function FundPreviewBody({ t, target, locale }: { t: AdminT; target: { fundId: number; patch: Record<string, unknown> } | { shareId: number; patch: Record<string, unknown> }; locale: Locale }) {
  const preview = await previewFund(locale, target);
  if (!preview) return <p className="text-muted">{t('approval.review.previewNone')}</p>;
  setRequestLocale(locale);
  const { fund, shareId } = preview;
  const share = shareId === null ? undefined : fund.shares.find((s) => s.id === shareId);
  const [offer, company] = await Promise.all([fundDocumentOffer(locale, fund), getCompany(locale)]);
  return (
    <PublicPreview locale={locale} label={t('pages.preview')} className="space-y-8 rounded border border-slate-300 bg-white p-4">
        <h3 className="text-2xl font-bold text-brand">{share ? `${fund.title} ${share.name}` : fund.title}</h3>
        {share ? (
          <ShareKeyFacts share={share} locale={locale} />
        ) : (
          <FundOverview locale={locale} company={company?.title ?? ''} fund={fund} esgDocuments={esgDocuments(offer.fund)} contactHref={localizedPath('/contact', locale)} documentsHref={fundTabPath(locale, fund.slug, 'documents')} />
        )}
    </PublicPreview>
  );
}
