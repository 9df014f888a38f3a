'use client';

import { useState, type ReactNode } from 'react';
import type { ChartPeriod } from '@/domain/performance/compute';
import { BENCHMARK_COLOR, PLOT_HEIGHT, PLOT_WIDTH, SHARE_COLOR } from './chart-constants';
import { DataTable } from './data-table';
import { useHydrated } from '@/components/hooks/use-hydrated';

const TOP = 10;
const HEIGHT = TOP + PLOT_HEIGHT + 26;

/** One period, drawn and worded on the server (growth-chart.tsx): the browser only prints it. */
export type GrowthPanel = {
  period: ChartPeriod;
  /** "5 years" */
  label: string;
  title: string;
  description: string;
  /** Path data in the PLOT_WIDTH × PLOT_HEIGHT box. */
  sharePath: string;
  /** null when the period has no benchmark line. */
  benchmarkPath: string | null;
  /** [y in px, label, 1 for the base line at 100]. */
  yTicks: [number, string, 0 | 1][];
  /** [x in % of the width, label]. */
  xTicks: [number, string][];
  /** The data table: date, share, and the benchmark when there is one. */
  rows: string[][];
};

type Props = {
  panels: GrowthPanel[];
  defaultPeriod: ChartPeriod;
  idPrefix: string;
  texts: { title: string; periodLegend: string; showTable: string; date: string };
  /** The table's series headers: the share, then the benchmark when there is one. */
  columns: string[];
  legend: ReactNode;
  warning: ReactNode;
};


/**
 * The growth chart with its period selector. The page is rendered with the default period; once the
 * script runs, the radio group switches periods (click, arrows, Space). Without JavaScript the group
 * stays disabled and the default period, the performance table and the CSV downloads give the figures.
 */
export function GrowthChartView({ panels, defaultPeriod, idPrefix, texts, columns, legend, warning }: Props) {
  const [period, setPeriod] = useState(defaultPeriod);
  const interactive = useHydrated();
  const panel = panels.find((p) => p.period === period) ?? panels[0];
  if (!panel) return null;
  const id = `${idPrefix}-${panel.period}`;
  return (
    <section aria-labelledby={`${idPrefix}-heading`} className="break-inside-avoid">
      <h3 id={`${idPrefix}-heading`} className="mb-3 text-xl font-semibold">
        {texts.title}
      </h3>
      <fieldset className="mb-3 print:hidden" disabled={!interactive}>
        <legend className="mb-2 text-sm text-muted">{texts.periodLegend}</legend>
        <div className="flex flex-wrap gap-2">
          {panels.map((p) => (
            <label key={p.period} className="cursor-pointer">
              <input
                type="radio"
                name={`${idPrefix}-period`}
                value={p.period}
                checked={p.period === panel.period}
                onChange={() => setPeriod(p.period)}
                className="peer sr-only"
              />
              <span data-choice className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm peer-checked:border-brand peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:cursor-default hover:border-brand">
                {p.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {legend}
      <figure className="mt-3">
        <svg role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} width="100%" height={HEIGHT} className="block overflow-visible text-[11px]">
          <title id={`${id}-title`}>{panel.title}</title>
          <desc id={`${id}-desc`}>{panel.description}</desc>
          {panel.yTicks.map(([y, label, base]) => (
            <line key={label} x1="0" x2="100%" y1={TOP + y} y2={TOP + y} stroke={base ? '#94a3b8' : '#e2e8f0'} />
          ))}
          <svg aria-hidden="true" x="0" y={TOP} width="100%" height={PLOT_HEIGHT} viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`} preserveAspectRatio="none" overflow="visible">
            {panel.benchmarkPath !== null ? (
              <path data-series="benchmark" d={panel.benchmarkPath} fill="none" stroke={BENCHMARK_COLOR} strokeWidth="2" strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
            ) : null}
            <path data-series="share" d={panel.sharePath} fill="none" stroke={SHARE_COLOR} strokeWidth="2.5" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          </svg>
          <g className="fill-muted" stroke="#fff" strokeWidth="3" paintOrder="stroke">
            {panel.yTicks.map(([y, label]) => (
              <text key={label} x="0" y={TOP + y - 3}>
                {label}
              </text>
            ))}
            {panel.xTicks.map(([x, label], i) => (
              <text key={`${x}-${label}`} x={`${x}%`} y={HEIGHT - 6} textAnchor={i === 0 ? 'start' : i === panel.xTicks.length - 1 ? 'end' : 'middle'}>
                {label}
              </text>
            ))}
          </g>
        </svg>
        <details className="mt-2 text-sm print:hidden">
          <summary className="cursor-pointer text-brand underline">{texts.showTable}</summary>
          <DataTable
            caption={panel.title}
            headers={[texts.date, ...columns.slice(0, panel.benchmarkPath !== null ? 2 : 1)]}
            rows={panel.rows.map(([date = '', ...cells]) => ({ key: date, label: date, cells }))}
          />
        </details>
      </figure>
      {warning}
    </section>
  );
}
