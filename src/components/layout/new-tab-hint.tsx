import { useTranslations } from 'next-intl';
import { ExternalIcon } from './icons';

/** The end of an external link's name: an icon for the eye and "(opens in a new tab)" for screen readers. */
export function NewTabHint({ icon = true, iconClassName = 'size-3.5 shrink-0' }: { icon?: boolean; iconClassName?: string }) {
  const t = useTranslations('Layout');
  return (
    <>
      {icon ? <ExternalIcon className={iconClassName} /> : null}
      <span className="sr-only"> {t('newTab')}</span>
    </>
  );
}
