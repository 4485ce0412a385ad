/**
 * The one binding to Chart.js: register only the pieces used (line charts on linear scales, fills between
 * datasets, tooltips), create a chart on mount, update its data in place, destroy it on unmount.
 */
import { useEffect, useRef, type RefObject } from 'react';
import {
  Chart,
  Filler,
  Interaction,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type InteractionItem,
  type InteractionModeFunction,
} from 'chart.js';
import { getRelativePosition } from 'chart.js/helpers';

declare module 'chart.js' {
  interface InteractionModeMap {
    /** For each dataset, its point nearest to the pointer along x (datasets have their own x positions). */
    nearestEach: InteractionModeFunction;
  }
}

/** Pointer further than this from a dataset's nearest point (e.g. over a gap): that dataset is not shown. */
const HIT_PX = 24;

const nearestEach: InteractionModeFunction = (chart, e, _options, useFinalPosition) => {
  const pos = getRelativePosition(e, chart);
  const area = chart.chartArea;
  if (pos.x < area.left || pos.x > area.right || pos.y < area.top || pos.y > area.bottom) return [];
  const items: InteractionItem[] = [];
  for (let di = 0; di < chart.data.datasets.length; di++) {
    if (!chart.isDatasetVisible(di)) continue;
    const elements = chart.getDatasetMeta(di).data;
    let lo = 0;
    let hi = elements.length - 1;
    if (hi < 0) continue;
    const xOf = (i: number): number => elements[i]!.getProps(['x'], useFinalPosition)['x'] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (xOf(mid) < pos.x) lo = mid + 1;
      else hi = mid;
    }
    let best = -1;
    let bestDist = Infinity;
    for (const i of [lo - 1, lo]) {
      if (i < 0 || i >= elements.length) continue;
      const el = elements[i]! as (typeof elements)[number] & { skip?: boolean };
      if (el.skip) continue;
      const d = Math.abs(xOf(i) - pos.x);
      if (d < bestDist) {
        bestDist = d;
        best = i;
      }
    }
    if (best >= 0 && bestDist <= HIT_PX) items.push({ element: elements[best]!, datasetIndex: di, index: best });
  }
  return items;
};

let registered = false;
function register(): void {
  if (registered) return;
  Chart.register(LineController, LineElement, PointElement, LinearScale, Filler, Tooltip);
  Interaction.modes.nearestEach = nearestEach;
  registered = true;
}

/**
 * Draw `config` on the canvas while it is non-null. A new config updates the existing chart (data and
 * options swapped, no animation); null or unmount destroys it and frees the canvas.
 */
export function useChart(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  config: ChartConfiguration<'line', { x: number; y: number }[]> | null,
  label = 'chart',
): void {
  const chartRef = useRef<Chart<'line', { x: number; y: number }[]> | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!config || !canvas) {
      chartRef.current?.destroy();
      chartRef.current = null;
      return;
    }
    const existing = chartRef.current;
    const t0 = performance.now();
    if (existing) {
      existing.data = config.data;
      existing.options = config.options ?? {};
      existing.update('none');
      measure(`dv:update ${label}`, t0);
    } else {
      register();
      chartRef.current = new Chart(canvas, config);
      measure(`dv:create ${label}`, t0);
    }
  }, [canvasRef, config, label]);

  useEffect(
    () => () => {
      chartRef.current?.destroy();
      chartRef.current = null;
    },
    [],
  );
}

/** A performance measure per chart draw, for profiling (DevTools, or the page's `performance` entries). */
function measure(name: string, start: number): void {
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // older browsers without measure options: skip
  }
}
