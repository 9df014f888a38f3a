import Image from 'next/image';
import { houseImagePath, isHouseImageKind } from '@/domain/content/house-images';
import type { AdminT } from '@/i18n/admin';

type State = { sha256?: unknown; contentType?: unknown; width?: unknown; height?: unknown };

const size = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 1);

/**
 * A proposed house image beside the one shown today (`company.image`, docs/decisions/062): the
 * proposal's checked bytes from the review's own route, the current one from its public address.
 */
export function HouseImagePreview({ t, proposalId, input, before }: { t: AdminT; proposalId: number; input: Record<string, unknown>; before: unknown }) {
  const kind = isHouseImageKind(input.image) ? input.image : null;
  if (!kind) return <p className="text-muted">{t('approval.review.previewNone')}</p>;
  const name = t(`company.images.kinds.${kind}`);
  const current = (before ?? {}) as State;
  const currentUrl = typeof current.sha256 === 'string' && typeof current.contentType === 'string' ? houseImagePath(kind, { sha256: current.sha256, contentType: current.contentType }) : null;
  const frame = 'h-auto max-h-40 w-auto max-w-full border border-slate-200 bg-white p-2';
  return (
    <div className="flex flex-wrap gap-8">
      <figure>
        <Image src={`/admin/reviews/${proposalId}/image`} alt={`${t('approval.review.previewImage')}: ${name}`} width={size(input.width)} height={size(input.height)} unoptimized className={frame} />
        <figcaption className="mt-1 text-sm">{t('approval.review.previewImage')}</figcaption>
      </figure>
      <figure>
        {currentUrl ? (
          <Image src={currentUrl} alt={`${t('approval.review.previewImageCurrent')}: ${name}`} width={size(current.width)} height={size(current.height)} unoptimized className={frame} />
        ) : (
          <p className="text-muted">{t('company.images.none')}</p>
        )}
        <figcaption className="mt-1 text-sm">{t('approval.review.previewImageCurrent')}</figcaption>
      </figure>
    </div>
  );
}
