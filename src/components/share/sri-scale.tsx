import { useTranslations } from 'next-intl';

const LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The summary risk indicator on its 1–7 scale (SPEC §9), drawn as in a KID: seven boxes, the share's level
 * filled. Screen readers get one sentence instead of seven numbers.
 */
export function SriScale({ level }: { level: number }) {
  const t = useTranslations('Share');
  return (
    <div>
      <p className="sr-only">{t('sriLevel', { level })}</p>
      <div aria-hidden="true">
        <ol className="flex gap-1">
          {LEVELS.map((n) => (
            <li
              key={n}
              className={`flex h-9 w-9 items-center justify-center rounded text-sm font-semibold [print-color-adjust:exact] ${
                n === level ? 'bg-brand text-white' : 'bg-slate-100 text-muted'
              }`}
            >
              {n}
            </li>
          ))}
        </ol>
        <p className="mt-1 flex w-[17.25rem] max-w-full justify-between text-xs text-muted">
          <span>{t('sriLower')}</span>
          <span>{t('sriHigher')}</span>
        </p>
      </div>
    </div>
  );
}
