/**
 * The two series of every chart: the share in the brand's navy, its benchmark in a dark amber, dashed in the
 * growth chart. Both keep at least 3:1 against white (WCAG 1.4.11) and differ in lightness as well as hue.
 */
export const SHARE_COLOR = '#0b3a6e';
export const BENCHMARK_COLOR = '#b45309';
