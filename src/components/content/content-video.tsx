import { getTranslations } from 'next-intl/server';
import { videoEmbed, type VideoEmbed } from '@/domain/content/video-embed';
import { ConsentVideo } from './consent-video';

const PROVIDER_NAMES: Record<VideoEmbed['provider'], string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * A 'video' text of a server page. Only YouTube and Vimeo addresses become players (the CSP
 * allows no other host); anything else is left out rather than linked blindly. Its texts are
 * translated here and passed down, so the player's client component needs no next-intl.
 */
export async function ContentVideo({ url, title }: { url: string; title: string }) {
  const embed = videoEmbed(url);
  if (!embed) return null;
  const t = await getTranslations('Content');
  const provider = PROVIDER_NAMES[embed.provider];
  return (
    <ConsentVideo
      embed={embed}
      texts={{
        player: t('videoPlayer', { title, provider }),
        blockedTitle: t('videoBlockedTitle', { provider }),
        blockedText: t('videoBlockedText', { provider }),
        openSettings: t('videoOpenSettings'),
      }}
    />
  );
}
