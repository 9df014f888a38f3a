import { BENCHMARK_COLOR, SHARE_COLOR } from './chart-constants';

/** The key of a chart: a swatch per series, drawn as the chart draws it (solid, dashed or as a bar). */
export function ChartLegend({ share, benchmark, kind }: { share: string; benchmark: string | null; kind: 'line' | 'bar' }) {
  // SVG, and named by series like the chart's marks, so forced colours redraw the key as they redraw the chart (globals.css).
  const swatch = (series: 'share' | 'benchmark') => {
    const color = series === 'share' ? SHARE_COLOR : BENCHMARK_COLOR;
    return kind === 'line' ? (
      <svg aria-hidden="true" width="24" height="10" className="shrink-0">
        <line data-series={series} x1="0" x2="24" y1="5" y2="5" stroke={color} strokeWidth="3" strokeDasharray={series === 'benchmark' ? '5 3' : undefined} />
      </svg>
    ) : (
      <svg aria-hidden="true" width="16" height="12" className="shrink-0 [print-color-adjust:exact]">
        <rect data-series={series} x="0.75" y="0.75" width="14.5" height="10.5" rx="2" fill={color} />
      </svg>
    );
  };
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <li className="flex items-center gap-2">
        {swatch('share')}
        {share}
      </li>
      {benchmark ? (
        <li className="flex items-center gap-2">
          {swatch('benchmark')}
          {benchmark}
        </li>
      ) : null}
    </ul>
  );
}
