/**
 * Time windows shaded on a line chart: the selected finding's windows (shared/findings/finding-ref.ts) on the
 * charts it names, drawn by the page's charts and the server's images alike. A translucent band over the plot
 * area with a line at each end, drawn over the datasets (a stack's bands are opaque: a band behind them would
 * not show), clipped to the chart area. The windows are read from the axis state on every draw, so the page
 * changes them in place as it does the time axis.
 */
import type { Chart, Plugin } from 'chart.js';
import type { TimeWindow } from '../series/window.js';
import type { ThemeName } from './theme.js';

/** The band's fill and its edges' colour per theme: amber, apart from every series colour. */
export const SHADE_COLOURS: Readonly<Record<ThemeName, { fill: string; edge: string }>> = {
  light: { fill: 'rgb(255 166 0 / 0.22)', edge: 'rgb(214 120 0 / 0.9)' },
  dark: { fill: 'rgb(255 190 70 / 0.2)', edge: 'rgb(255 190 70 / 0.85)' },
};

/** Where a chart's shaded windows are read from on each draw (LineAxisState has them). */
export interface ShadedSource {
  shaded: readonly TimeWindow[];
}

export function shadedWindowsPlugin(source: ShadedSource, theme: ThemeName): Plugin<'line'> {
  const colours = SHADE_COLOURS[theme];
  return {
    id: 'dvShadedWindows',
    afterDatasetsDraw(chart: Chart<'line'>) {
      const windows = source.shaded;
      const x = chart.scales['x'];
      if (windows.length === 0 || !x) return;
      const area = chart.chartArea;
      const g = chart.ctx;
      g.save();
      g.beginPath();
      g.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      g.clip();
      for (const w of windows) {
        const a = x.getPixelForValue(w.t0);
        const b = x.getPixelForValue(w.t1);
        if (!(b >= area.left && a <= area.right)) continue;
        const left = Math.max(area.left, a);
        const right = Math.min(area.right, Math.max(b, a + 1));
        g.fillStyle = colours.fill;
        g.fillRect(left, area.top, right - left, area.bottom - area.top);
        g.fillStyle = colours.edge;
        if (a >= area.left) g.fillRect(a - 1, area.top, 2, area.bottom - area.top);
        if (b <= area.right) g.fillRect(b - 1, area.top, 2, area.bottom - area.top);
      }
      g.restore();
    },
  };
}
