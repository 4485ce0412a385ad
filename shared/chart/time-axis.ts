/**
 * Time axis ticks and labels shared by every chart (the page's Chart.js charts and heatmap, the server's
 * images): round clock times for the actual-time axis, round elapsed times (00:01:30) for the elapsed axis.
 * Labels never collide: where the ticks stand closer than a label is wide (a narrow chart, three graphs a
 * row, a short window), only those at a coarser round step are labelled, the others keep their grid line.
 * Pure.
 */
import { formatElapsed, formatTimeTick } from '../format/time.js';
import { TIME_STEPS, timeTicks } from './ticks.js';

/** `time`: the recording host's clock; `elapsed`: time since the run's first row. */
export type XAxisMode = 'time' | 'elapsed';

export interface TimeAxis {
  ticks: number[];
  step: number;
  /**
   * Labels stand `labelStep` ms apart (a multiple of `step`), at its multiples where that labels two ticks;
   * the label of an unlabelled tick is ''.
   */
  labelStep: number;
  label(value: number, index: number): string | string[];
}

/** Width in px per tick label where there is room (a clock `20:45:49` at 11 px is ~50 px), with air between. */
const LABEL_PX = { time: 95, elapsed: 80 } as const;
/**
 * Widest character of a label at the charts' 11 px font, px: a digit of DejaVu Sans (the server's font, the
 * widest of the page's) is 7 px; `:` and `.` are narrower, so a label is never wider than this estimate.
 */
export const LABEL_CHAR_PX = 7;
/** Least air between two labels, px. */
export const LABEL_GAP_PX = 10;

export function timeAxis(t0: number, t1: number, width: number, mode: XAxisMode, origin: number): TimeAxis {
  const maxCount = Math.max(2, Math.floor(width / LABEL_PX[mode]));
  const span = t1 - t0;
  // Elapsed ticks are round from the run's start, clock ticks round on the clock.
  const zero = mode === 'elapsed' ? origin : 0;
  const { step, ticks: relative } = timeTicks(t0 - zero, t1 - zero, maxCount);
  const ticks = relative.map((t) => t + zero);
  const format = (value: number, previous: number | undefined): string | string[] =>
    mode === 'elapsed'
      ? // Always with seconds: `00:07` alone reads as 7 minutes or 7 seconds; `00:07:00` is one of them.
        formatElapsed(value - origin, true, step < 1000)
      : formatTimeTick(value, step, previous, span);
  const labelStep = labelStepFor(relative, step, span, width, (t) => format(t + zero, undefined));
  // Labelled: the ticks at multiples of the label step; when that leaves fewer than two, every k-th tick from
  // the first (as far apart, at other times).
  const every = Math.round(labelStep / step);
  let labelled = relative.map((t) => isMultiple(t, labelStep));
  if (labelled.filter(Boolean).length < 2) labelled = relative.map((_, i) => i % every === 0);
  const labels = new Map<number, string | string[]>();
  let previous: number | undefined;
  ticks.forEach((t, i) => {
    if (labelled[i]) {
      labels.set(t, format(t, previous));
      previous = t;
    } else labels.set(t, '');
  });
  // A value that is not a tick (a caller's own) is labelled as a tick of its own.
  return { step, ticks, labelStep, label: (value) => labels.get(value) ?? format(value, undefined) };
}

/** A label's width at most, px (its longest line). */
export function labelWidth(label: string | string[]): number {
  const lines = Array.isArray(label) ? label : [label];
  return Math.max(0, ...lines.map((l) => l.length)) * LABEL_CHAR_PX;
}

/**
 * The step labels stand at: a multiple of the ticks' `step` (ticks measured from the axis' zero) at which
 * labels as wide as the widest of the ticks' stand at least LABEL_GAP_PX apart on a plot `width` px wide
 * showing `span` ms — the finest round one (every 10 s, 1 min …) that still labels two ticks, else the least
 * whole multiple of the step.
 */
function labelStepFor(ticks: readonly number[], step: number, span: number, width: number, label: (t: number) => string | string[]): number {
  const need = Math.max(0, ...ticks.map((t) => labelWidth(label(t)))) + LABEL_GAP_PX;
  const pxPerMs = width / Math.max(span, 1);
  const least = step * Math.max(1, Math.ceil(need / (step * pxPerMs) - 1e-9));
  const round = [step, ...TIME_STEPS.filter((s) => s > step && isMultiple(s, step))].find((s) => s >= least);
  if (round !== undefined && ticks.filter((t) => isMultiple(t, round)).length >= 2) return round;
  return least;
}

function isMultiple(value: number, step: number): boolean {
  const q = value / step;
  return Math.abs(q - Math.round(q)) < 1e-6;
}
