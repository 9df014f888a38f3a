import { SRI_LEVELS } from '@/domain/fund-finder';

/** The SRI as the 1-to-7 scale of a PRIIPs KID, the fund's level filled; screen readers get the sentence. */
export function SriScale({ level, label }: { level: number; label: string }) {
  return (
    <>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {SRI_LEVELS.map((n) => (
          <span
            key={n}
            className={`flex h-6 w-6 items-center justify-center rounded-sm text-xs font-semibold ${n === level ? 'bg-brand text-white' : 'bg-slate-100 text-muted'}`}
          >
            {n}
          </span>
        ))}
      </span>
    </>
  );
}
