import { getTranslations } from 'next-intl/server';
import { OpenCookieSettingsButton } from './open-cookie-settings-button';

/**
 * A video from content. It is embedded only once the visitor has turned the video service on
 * (consent layer); until then a notice explains why and offers the cookie settings.
 */
export async function VideoNotice({ url }: { url: string }) {
  const t = await getTranslations('Content');
  return (
    <div className="mb-6 rounded border border-slate-300 bg-slate-50 p-6" data-video-url={url}>
      <p className="mb-3 font-semibold">{t('videoBlockedTitle')}</p>
      <p className="mb-4 text-muted">{t('videoBlockedText')}</p>
      <OpenCookieSettingsButton label={t('videoOpenSettings')} />
    </div>
  );
}
