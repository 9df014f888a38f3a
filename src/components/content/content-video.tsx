import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { videoEmbed } from '@/domain/video-embed';
import { ConsentVideo } from './consent-video';

/**
 * A 'video' text of a server page. Only YouTube and Vimeo addresses become players (the CSP
 * allows no other host); anything else is left out rather than linked blindly.
 */
export async function ContentVideo({ url, title }: { url: string; title: string }) {
  const embed = videoEmbed(url);
  if (!embed) return null;
  // Its texts (messages Content) go to the browser with the video only (docs/decisions/039).
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={{ Content: messages.Content }}>
      <ConsentVideo embed={embed} title={title} />
    </NextIntlClientProvider>
  );
}
