/**
 * Time axis ticks and labels shared by every chart (the page's Chart.js charts and heatmap, the server's
 * images): round clock times for the actual-time axis, round elapsed times (00:01:30) for the elapsed axis.
 * Pure.
 */
import { formatElapsed, formatTimeTick } from '../format/time.js';
import { timeTicks } from './ticks.js';

/** `time`: the recording host's clock; `elapsed`: time since the run's first row. */
export type XAxisMode = 'time' | 'elapsed';

export interface TimeAxis {
  ticks: number[];
  step: number;
  label(value: number, index: number): string | string[];
}

/** Width in px per tick label where there is room (a clock `20:45:49` at 11 px is ~50 px), with air between. */
const LABEL_PX = { time: 95, elapsed: 80 } as const;

export function timeAxis(t0: number, t1: number, width: number, mode: XAxisMode, origin: number): TimeAxis {
  const maxCount = Math.max(2, Math.floor(width / LABEL_PX[mode]));
  const span = t1 - t0;
  if (mode === 'elapsed') {
    const { step, ticks } = timeTicks(t0 - origin, t1 - origin, maxCount);
    return {
      step,
      ticks: ticks.map((t) => t + origin),
      // Always with seconds: `00:07` alone reads as 7 minutes or 7 seconds; `00:07:00` is one of them.
      label: (value) => formatElapsed(value - origin, true, step < 1000),
    };
  }
  const { step, ticks } = timeTicks(t0, t1, maxCount);
  return {
    step,
    ticks,
    label: (value, index) => formatTimeTick(value, step, index > 0 ? ticks[index - 1] : undefined, span),
  };
}
