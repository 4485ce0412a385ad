/**
 * Time axis ticks and labels shared by the Chart.js charts and the heatmap: round clock times for the
 * actual-time axis, round elapsed times (00:01:30) for the elapsed axis. Pure.
 */
import { formatElapsed, formatTimeTick, timeTicks } from '../format.js';
import type { XAxisMode } from '../view/view-state.js';

export interface TimeAxis {
  ticks: number[];
  step: number;
  label(value: number, index: number): string | string[];
}

export function timeAxis(t0: number, t1: number, width: number, mode: XAxisMode, origin: number): TimeAxis {
  const maxCount = Math.max(2, Math.floor(width / (mode === 'elapsed' ? 80 : 95)));
  const span = t1 - t0;
  if (mode === 'elapsed') {
    const { step, ticks } = timeTicks(t0 - origin, t1 - origin, maxCount);
    return {
      step,
      ticks: ticks.map((t) => t + origin),
      label: (value) => formatElapsed(value - origin, step < 60e3),
    };
  }
  const { step, ticks } = timeTicks(t0, t1, maxCount);
  return {
    step,
    ticks,
    label: (value, index) => formatTimeTick(value, step, index > 0 ? ticks[index - 1] : undefined, span),
  };
}
