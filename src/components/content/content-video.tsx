import { videoEmbed } from '@/domain/video-embed';
import { ConsentVideo } from './consent-video';

/**
 * A 'video' text of a server page. Only YouTube and Vimeo addresses become players (the CSP
 * allows no other host); anything else is left out rather than linked blindly.
 */
export function ContentVideo({ url, title }: { url: string; title: string }) {
  const embed = videoEmbed(url);
  return embed ? <ConsentVideo embed={embed} title={title} /> : null;
}
