import { SRI_LEVELS } from '@/domain/funds/finder';

const BOX = {
  sm: 'size-6 rounded-sm text-xs',
  md: 'size-8 rounded text-sm',
  lg: 'size-9 rounded text-sm',
} as const;

/**
 * The summary risk indicator on its 1–7 scale (docs/product.md §9), drawn as in a KID: seven boxes, the level
 * filled (in the theme's selection colours under forced colours: globals.css), and optionally "lower risk" / "higher risk" under the ends. The boxes are for the eye;
 * screen readers get `label`, one sentence instead of seven numbers.
 */
export function SriScale({ level, label, size = 'md', ends }: { level: number; label: string; size?: keyof typeof BOX; ends?: { lower: string; higher: string } }) {
  return (
    <div>
      <p className="sr-only">{label}</p>
      <div aria-hidden="true" className="inline-flex max-w-full flex-col">
        <ol data-sri-scale className={`flex ${size === 'sm' ? 'gap-0.5' : 'gap-1'}`}>
          {SRI_LEVELS.map((n) => (
            <li
              key={n}
              data-current={n === level ? 'true' : undefined}
              className={`flex items-center justify-center font-semibold [print-color-adjust:exact] ${BOX[size]} ${n === level ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700'}`}
            >
              {n}
            </li>
          ))}
        </ol>
        {ends ? (
          // w-0 min-w-full: the ends take the boxes' width and wrap, never widen the scale.
          <p className="mt-1 flex w-0 min-w-full justify-between gap-4 text-xs text-slate-700">
            <span>{ends.lower}</span>
            <span>{ends.higher}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
