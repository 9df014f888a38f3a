import { useTranslations } from 'next-intl';
import { NewTabMark } from './new-tab-mark';

/**
 * NewTabMark with its text translated here: for server components only (a client component given
 * this would bring next-intl's client and need its provider; it takes NewTabMark and the text as a prop).
 */
export function NewTabHint({ icon = true, iconClassName }: { icon?: boolean; iconClassName?: string }) {
  const t = useTranslations('Layout');
  return <NewTabMark label={t('newTab')} icon={icon} iconClassName={iconClassName} />;
}
