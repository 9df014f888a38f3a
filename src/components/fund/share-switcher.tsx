import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ChevronDownIcon } from '@/components/layout/icons';
import type { ShareView } from '@/domain/model';

type Share = Pick<ShareView, 'name' | 'slug' | 'isinCode' | 'currency' | 'isMain' | 'url'>;

/**
 * The share classes of the fund as a disclosure of links to their pages: a native <details>, so it
 * opens with the keyboard and works without JavaScript. The main share class is marked.
 */
export function ShareSwitcher({ shares }: { shares: Share[] }) {
  const t = useTranslations('Fund');
  const main = shares.find((s) => s.isMain) ?? shares[0];
  if (!main) return <p className="text-sm text-muted">{t('noShares')}</p>;
  return (
    <details className="group relative inline-block">
      <summary className="inline-flex min-h-11 flex-wrap cursor-pointer list-none items-center gap-2 rounded border border-brand bg-white px-4 py-2 font-semibold text-brand hover:bg-brand hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
        <span>{t('shareSwitcher', { count: shares.length })}</span>
        <span className="border-l border-current/40 pl-2 font-normal">{t('shareSwitcherHint', { name: main.name })}</span>
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 z-20 mt-2 w-[min(30rem,calc(100vw-2rem))] divide-y divide-slate-200 rounded border border-slate-200 bg-white shadow-lg">
        {shares.map((share) => (
          <li key={share.slug}>
            <Link href={share.url} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
              <span className="font-semibold text-brand underline-offset-2 hover:underline">{share.name}</span>
              {share.isMain ? (
                <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">{t('mainShare')}</span>
              ) : null}
              <span className="text-sm text-slate-700">
                {share.isinCode} · {share.currency.code}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
