'use client';

import { useConsent } from '@/components/consent/use-consent';
import type { VideoEmbed } from '@/domain/content/video-embed';
import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';

/**
 * A video from content (docs/product.md §4: the video service is optional and off by default). Until the
 * visitor turns the service on, nothing is loaded from the host: a notice says so and opens the
 * cookie settings. With consent, the player; the CSP allows its host only then. Both take the
 * same 16:9 box, so the page does not jump when the choice applies after hydration. Its texts come
 * translated from the server (content-video.tsx): no next-intl in the browser (docs/decisions/039).
 */
export type ConsentVideoTexts = { player: string; blockedTitle: string; blockedText: string; openSettings: string };

export function ConsentVideo({ embed, texts }: { embed: VideoEmbed; texts: ConsentVideoTexts }) {
  const { video } = useConsent();
  if (video) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded bg-black">
        <iframe
          src={embed.src}
          title={texts.player}
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
      <p className="font-semibold">{texts.blockedTitle}</p>
      <p className="max-w-prose text-muted">{texts.blockedText}</p>
      <CookieSettingsButton label={texts.openSettings} />
    </div>
  );
}
