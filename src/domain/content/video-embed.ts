/**
 * A video from content as a player address the CSP allows (src/server/http/security-headers.ts:
 * www.youtube-nocookie.com and player.vimeo.com, once the visitor turned the video service on).
 * Content may give the usual addresses of a video; anything else is not embedded.
 */
export type VideoEmbed = { provider: 'youtube' | 'vimeo'; id: string; src: string };

const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'];
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{6,12}$/;

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1);
  if (!YOUTUBE_HOSTS.includes(url.hostname)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' ? (id ?? null) : null;
}

function vimeoId(url: URL): string | null {
  if (url.hostname === 'vimeo.com' || url.hostname === 'www.vimeo.com') return url.pathname.split('/')[1] ?? null;
  if (url.hostname !== 'player.vimeo.com') return null;
  const [, kind, id] = url.pathname.split('/');
  return kind === 'video' ? (id ?? null) : null;
}

/**
 * YouTube plays from its no-cookie domain; Vimeo with dnt=1 (no tracking cookies). Null for any
 * other host, a non-https address or an id of the wrong shape.
 */
export function videoEmbed(address: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const youtube = youtubeId(url);
  if (youtube !== null) {
    return YOUTUBE_ID.test(youtube) ? { provider: 'youtube', id: youtube, src: `https://www.youtube-nocookie.com/embed/${youtube}` } : null;
  }
  const vimeo = vimeoId(url);
  if (vimeo !== null && VIMEO_ID.test(vimeo)) return { provider: 'vimeo', id: vimeo, src: `https://player.vimeo.com/video/${vimeo}?dnt=1` };
  return null;
}
