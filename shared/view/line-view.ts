/**
 * A view's options as the line charts read them (shared/chart/line-data.ts LineView): the one conversion from
 * the view (view-options.ts) to what is drawn, used by the page's charts and the server's images.
 */
import type { YLimitOption } from '../catalogue/index.js';
import type { LineView } from '../chart/line-data.js';
import type { ChartTheme } from '../chart/theme.js';
import { trendWindowMs } from '../series/trend.js';
import { rowsInWindow, type TimeWindow } from '../series/window.js';
import { cutExtent, windowFromView, type RunTimes } from './extent.js';
import type { ViewState } from './view-options.js';
import { findingShade, withFindingZoom, type FindingRun } from './finding-view.js';

/** The Y limits of a view, by the catalogue's limit option (bytes/s, /s, bytes/s; 0 = automatic). */
export function viewLimits(view: Pick<ViewState, 'diskMax' | 'iopsMax' | 'netMax'>): Record<YLimitOption, number> {
  return { diskBytes: view.diskMax, diskIops: view.iopsMax, netBytes: view.netMax };
}

/** What the trend window is measured on: a run's rows (a reduced run has fewer than its `rows`). */
export interface TrendRun {
  time: ArrayLike<number>;
  firstRow: number;
  intervalMs: number;
  /** The rows of the whole run (a reduced run's are those of the run it stands for). */
  rows: number;
}

/**
 * The trend window (ms) for what `extent` keeps of a run, as dstat2graphs chooses it from the rows drawn;
 * counted in the run's own rows when the extent is the whole run, so a reduced run swapping for the full one
 * changes nothing.
 */
export function trendMsOf(run: TrendRun, extent: TimeWindow | null): number {
  if (!extent) return 60_000;
  const r = rowsInWindow(run.time, extent, run.firstRow);
  const whole = r.from === run.firstRow && r.to === run.time.length;
  return trendWindowMs(run.intervalMs, whole ? run.rows - run.firstRow : r.to - r.from);
}

/**
 * The line charts' view of `view` for a run, in `theme` (the selected finding's window when the view has no
 * zoom of its own, its windows shaded: finding-view.ts); null when offset/duration leave nothing of it.
 */
export function lineViewOf(run: RunTimes & TrendRun & FindingRun, given: ViewState, theme: ChartTheme): LineView | null {
  const view = withFindingZoom(run, given);
  const extent = cutExtent(run, view.offset, view.duration);
  if (!extent) return null;
  return {
    finding: findingShade(run, view),
    window: windowFromView(run, extent, view.from, view.to),
    xMode: view.x,
    origin: run.start,
    trend: view.trend,
    trendMs: trendMsOf(run, extent),
    smooth: view.smooth,
    limits: viewLimits(view),
    hidden: new Set(view.hide),
    theme,
  };
}
