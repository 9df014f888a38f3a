'use client';

import { useTranslations } from 'next-intl';
import { useConsent } from '@/components/consent/use-consent';
import type { VideoEmbed } from '@/domain/video-embed';
import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';

const PROVIDER_NAMES: Record<VideoEmbed['provider'], string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * A video from content (docs/product.md §4: the video service is optional and off by default). Until the
 * visitor turns the service on, nothing is loaded from the host: a notice says so and opens the
 * cookie settings. With consent, the player; the CSP allows its host only then. Both take the
 * same 16:9 box, so the page does not jump when the choice applies after hydration.
 */
export function ConsentVideo({ embed, title }: { embed: VideoEmbed; title: string }) {
  const { video } = useConsent();
  const t = useTranslations('Content');
  const provider = PROVIDER_NAMES[embed.provider];
  if (video) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded bg-black">
        <iframe
          src={embed.src}
          title={t('videoPlayer', { title, provider })}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="h-full w-full border-0"
        />
      </div>
    );
  }
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded border border-slate-300 bg-slate-50 p-6 text-center">
      <p className="font-semibold">{t('videoBlockedTitle', { provider })}</p>
      <p className="max-w-prose text-muted">{t('videoBlockedText', { provider })}</p>
      <CookieSettingsButton label={t('videoOpenSettings')} />
    </div>
  );
}
