import { BENCHMARK_COLOR, SHARE_COLOR } from './chart-constants';

/** The key of a chart: a swatch per series, drawn as the chart draws it (solid, dashed or as a bar). */
export function ChartLegend({ share, benchmark, kind }: { share: string; benchmark: string | null; kind: 'line' | 'bar' }) {
  const swatch = (color: string, dashed: boolean) =>
    kind === 'line' ? (
      <svg aria-hidden="true" width="24" height="10" className="shrink-0">
        <line x1="0" x2="24" y1="5" y2="5" stroke={color} strokeWidth="3" strokeDasharray={dashed ? '5 3' : undefined} />
      </svg>
    ) : (
      <span aria-hidden="true" className="inline-block h-3 w-4 shrink-0 rounded-sm [print-color-adjust:exact]" style={{ backgroundColor: color }} />
    );
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <li className="flex items-center gap-2">
        {swatch(SHARE_COLOR, false)}
        {share}
      </li>
      {benchmark ? (
        <li className="flex items-center gap-2">
          {swatch(BENCHMARK_COLOR, true)}
          {benchmark}
        </li>
      ) : null}
    </ul>
  );
}
