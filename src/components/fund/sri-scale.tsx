import { useTranslations } from 'next-intl';

const LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * SPEC §9 SRRI scale 1 to 7 with the fund's level highlighted. The boxes are drawn for the eye; the
 * sentence before them says the same for screen readers.
 */
export function SriScale({ level }: { level: number }) {
  const t = useTranslations('Fund');
  return (
    <div className="mt-1">
      <p className="sr-only">{t('sriScale', { level })}</p>
      <div aria-hidden="true">
        <ol className="flex gap-1">
          {LEVELS.map((n) => (
            <li
              key={n}
              data-current={n === level ? 'true' : undefined}
              className={`flex size-8 items-center justify-center rounded text-sm font-semibold ${
                n === level ? 'bg-brand text-white ring-2 ring-brand ring-offset-2' : 'bg-slate-100 text-slate-700'
              }`}
            >
              {n}
            </li>
          ))}
        </ol>
        <p className="mt-1 flex w-[15.5rem] justify-between text-xs text-slate-700">
          <span>{t('lowerRisk')}</span>
          <span>{t('higherRisk')}</span>
        </p>
      </div>
    </div>
  );
}
