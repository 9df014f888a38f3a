/**
 * The two series of every chart: the share in the brand's navy, its benchmark in a dark amber, dashed in the
 * growth chart. Both keep at least 3:1 against white (WCAG 1.4.11) and differ in lightness as well as hue.
 */
export const SHARE_COLOR = '#0b3a6e';
export const BENCHMARK_COLOR = '#b45309';

/**
 * The growth chart's plot in px: the value axis maps 1:1 to pixels, the time axis stretches to the width
 * (percentages). Here, not in the client component, so the server can import them as numbers.
 */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 220;
