import { barLength } from '@/domain/funds/portfolio';

/** A pure-CSS bar for a weight, scaled to the largest weight of its table; decorative, the figure beside it is the value. */
export function WeightBar({ weight, largest }: { weight: number; largest: number }) {
  return (
    <span aria-hidden="true" className="block h-2.5 w-20 shrink-0 overflow-hidden rounded-full bg-slate-200 sm:w-32">
      <span className="block h-full rounded-full bg-brand" style={{ width: barLength(weight, largest) }} />
    </span>
  );
}
