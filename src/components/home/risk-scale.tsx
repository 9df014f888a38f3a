import { SRI_LEVELS } from '@/domain/funds/finder';

/**
 * The fund's level on the 1–7 scale (docs/product.md §9) for the home page's compact cards: one image named by
 * `label`; the level in the theme's selection colours under forced colours (globals.css). Fund, share and range pages use src/components/ui/sri-scale.tsx, with its lower/higher ends.
 */
export function RiskScale({ level, label }: { level: number; label: string }) {
  return (
    <span role="img" aria-label={label} data-sri-scale className="inline-flex gap-0.5">
      {SRI_LEVELS.map((n) => (
        <span
          key={n}
          aria-hidden="true"
          data-current={n === level ? 'true' : undefined}
          className={`flex size-6 items-center justify-center rounded-sm text-xs font-semibold ${n === level ? 'bg-brand text-white' : 'bg-slate-100 text-muted'}`}
        >
          {n}
        </span>
      ))}
    </span>
  );
}
