import { useTranslations } from 'next-intl';
import type { RestrictionView } from '@/domain/events/notices';

/**
 * A fund's flag while a suspension or a liquidity management tool is in force (issue 34), in the
 * fund range and the document library: a sign and words, never colour alone.
 */
export function RestrictionFlag({ restrictions }: { restrictions: readonly Pick<RestrictionView, 'type'>[] | undefined }) {
  const t = useTranslations('Notices');
  if (!restrictions || restrictions.length === 0) return null;
  const suspended = restrictions.some((r) => r.type === 'suspension');
  return (
    <p className="inline-flex items-center gap-1 rounded border border-amber-800 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <span aria-hidden="true">⚠</span>
      {suspended ? t('flagSuspension') : t('flagTool')}
    </p>
  );
}
