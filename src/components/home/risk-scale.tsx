/** SPEC §9: the SRRI/SRI risk scale runs from 1 to 7. */
const LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The fund's level on the 1–7 scale, drawn as the KID draws it; the label says it in words. */
export function RiskScale({ level, label }: { level: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {LEVELS.map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={`flex size-6 items-center justify-center rounded-sm text-xs font-semibold ${n === level ? 'bg-brand text-white' : 'bg-slate-100 text-muted'}`}
        >
          {n}
        </span>
      ))}
    </span>
  );
}
