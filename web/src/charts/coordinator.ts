/**
 * One coordinator per report page: it owns the shared view of every chart (time window, options, theme,
 * language) and decides what is drawn when, outside React:
 *
 * - Zoom and pan change the window here; the charts on screen are redrawn at once (Chart.js
 *   `update('none')` on data re-reduced for the window), the ones within a screen of the viewport after
 *   that frame is painted, a few per task; charts further away when they come near. Nothing off screen
 *   delays what is on screen.
 * - Hover moves a crosshair (a DOM element) over each chart, and the readout of the values beside the
 *   pointer in the chart under it (never a Chart.js redraw).
 * - Charts get a Chart.js instance when they come near the viewport, and once the page has settled, the
 *   far ones never drawn yet too, a few per task ahead of the scroll; at most MAX_INSTANCES are kept, the
 *   least recently drawn far ones are released.
 * - The statistics of every chart follow the window: on-screen and near charts right after the frame,
 *   the others when the browser is idle.
 *
 * Performance marks (docs/ui-contract.md §1): `dv:painted:KEY` on each chart's first paint,
 * `dv:first-screen` when every chart on screen at load has painted. Also `dv:redraw` measures (zoom/pan
 * frames) for profiling.
 */
import type { YLimitOption } from '../../../shared/catalogue/index.js';
import type { ChartTheme } from '../../../shared/chart/theme.js';
import type { Finding } from '../../../shared/findings/finding.js';
import { CHARTS_PAINTED_EVENT } from '../first-screen.js';
import { rowsInWindow, type RowRange, type TimeWindow } from '../../../shared/series/window.js';
import type { RunData } from '../../../shared/report/run-data.js';
import type { Lang } from '../i18n/messages.js';
import type { XAxisMode } from '../../../shared/view/view-state.js';
import { clampWindow, minSpanMs, panBy, sameWindow, zoomAt } from '../../../shared/view/zoom.js';

/** The active theme's chart colours: shared/chart/theme.ts, the same the server's images use. */
export type ThemeColours = ChartTheme;

/** Everything a chart needs to draw that is the same for all charts. */
export interface ViewContext {
  run: RunData;
  /** The zoom window (ms). */
  window: TimeWindow;
  /** What offset/duration keep of the run (ms): reset zoom returns here. */
  extent: TimeWindow;
  /** Rows of the window, since-boot row excluded: what the statistics cover. */
  rows: RowRange;
  xMode: XAxisMode;
  /** Time 0 of the elapsed axis and of the URL's from/to: the run's first row. */
  origin: number;
  height: number;
  trend: boolean;
  trendMs: number;
  /** The view's `smooth`: samples of the centred moving average drawn instead of each sample; 1 = none. */
  smooth: number;
  limits: Readonly<Record<YLimitOption, number>>;
  hidden: ReadonlySet<string>;
  theme: ThemeColours;
  lang: Lang;
  /** The selected finding and the time (ms) of its second 0: shaded on the charts it names (LineView). */
  finding?: { finding: Finding; origin: number } | null;
  /** Changes whenever anything above changes; a chart drawn at this version is current. */
  version: number;
  /** Changes when anything but the window changes (chart options must be rebuilt). */
  optionsVersion: number;
  /**
   * A panel needs the raw samples (statistics of a window of a reduced run, a trend line): the page loads
   * the full report and swaps `run` (shared/report/lod.ts). Absent where the data is always full.
   */
  needExact?: () => void;
}

export interface Panel {
  readonly key: string;
  /** The element observed for visibility (the plot box). */
  readonly target: Element;
  visible: boolean;
  /** At least half of it on screen (or half the screen): drawn first after a zoom. */
  mostlyVisible?: boolean;
  near: boolean;
  /** Drawn at least once (data-painted). */
  painted: boolean;
  drawnVersion: number;
  statsVersion: number;
  lastDrawn: number;
  /** Draw for the context (create the Chart.js instance if needed). */
  draw(ctx: ViewContext): void;
  /**
   * Compute the statistics for the context's window, in steps until `deadline` (performance.now(); at
   * least one step per call); true when done.
   */
  stats(ctx: ViewContext, deadline?: number): boolean;
  hasInstance(): boolean;
  /** Free the drawing (Chart.js instance); the panel is drawn again when it comes back. */
  release(): void;
  /** Show the crosshair at a row (null hides it); `origin` is the panel the pointer is over. */
  crosshair(ctx: ViewContext, row: number | null, origin: Panel | null, pointerY: number | null): void;
}

/** Chart.js instances kept at once (a canvas each): beyond this the least recently drawn far ones go. */
const MAX_INSTANCES = 72;
/** Time per frame for off-screen work (ms). */
const FRAME_BUDGET_MS = 6;
/** Time per task for drawing far charts ahead of the scroll (ms; a chart takes ~20–40). */
const AHEAD_BUDGET_MS = 25;
/** Time per idle callback for far charts' statistics (ms). */
const IDLE_BUDGET_MS = 4;

type Listener = () => void;

export interface CoordinatorOptions {
  /**
   * The page's own charts (the default): once those on screen at load have painted, `dv:first-screen-live`
   * is marked (unless the first screen's early charts marked it first, first-screen-live.ts) and
   * CHARTS_PAINTED_EVENT sent, so that the server's first screen gives way to them. False for the early
   * charts drawn inside that first screen: they mark and send nothing here.
   */
  replacesFirstScreen?: boolean;
}

export class Coordinator {
  ctx: ViewContext;
  private readonly panels = new Set<Panel>();
  private readonly byTarget = new Map<Element, Panel>();
  private nearObserver: IntersectionObserver | null = null;
  private visibleObserver: IntersectionObserver | null = null;
  private frame = 0;
  private background = 0;
  private backgroundTimer: ReturnType<typeof setTimeout> | null = null;
  /** A pending idle callback (or timer) for far charts' statistics. */
  private idle = 0;
  private paused = false;
  private hoverRow: number | null = null;
  private hoverPanel: Panel | null = null;
  private hoverY: number | null = null;
  private firstScreen: Set<Panel> | null = null;
  /** Far charts drawn ahead of the scroll once (drawAhead). */
  private readonly triedAhead = new WeakSet<Panel>();
  private firstScreenDone = false;
  private started = false;
  private readonly windowListeners = new Set<Listener>();
  private windowChange: { gradual: boolean } | null = null;
  /** Called when the window changes (the view store follows). */
  onWindow: ((w: TimeWindow, gradual: boolean) => void) | null = null;

  private readonly replacesFirstScreen: boolean;

  constructor(ctx: Omit<ViewContext, 'version' | 'optionsVersion' | 'rows'>, options: CoordinatorOptions = {}) {
    this.replacesFirstScreen = options.replacesFirstScreen ?? true;
    this.ctx = { ...ctx, rows: rowsInWindow(ctx.run.time, ctx.window, ctx.run.firstRow), version: 1, optionsVersion: 1 };
    if (typeof IntersectionObserver !== 'undefined') {
      this.nearObserver = new IntersectionObserver((entries) => this.observed(entries, 'near'), {
        rootMargin: '100% 0px 100% 0px',
      });
      this.visibleObserver = new IntersectionObserver((entries) => this.observed(entries, 'visible'), {
        threshold: [0, 0.5],
      });
    }
  }

  // ── panels ──────────────────────────────────────────────────────────────────────────────────────────

  register(panel: Panel): () => void {
    this.panels.add(panel);
    this.byTarget.set(panel.target, panel);
    if (this.nearObserver && this.visibleObserver) {
      this.nearObserver.observe(panel.target);
      this.visibleObserver.observe(panel.target);
    } else {
      panel.near = true;
      panel.visible = true;
    }
    if (this.started) {
      this.measure(panel);
      this.schedule();
      this.scheduleBackground();
    }
    return () => {
      this.panels.delete(panel);
      this.byTarget.delete(panel.target);
      this.nearObserver?.unobserve(panel.target);
      this.visibleObserver?.unobserve(panel.target);
      this.firstScreen?.delete(panel);
      if (this.hoverPanel === panel) this.hoverPanel = null;
      panel.release();
    };
  }

  /**
   * After the first layout: find the charts on screen now (without waiting for the observers), draw them
   * at once, and remember them for `dv:first-screen`.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const p of this.panels) this.measure(p);
    if (!this.firstScreenDone) {
      this.firstScreen = new Set([...this.panels].filter((p) => p.visible));
      if (this.firstScreen.size === 0) this.markFirstScreen();
    }
    this.workVisible();
    this.scheduleBackground();
  }

  /**
   * Draw a registered chart now if it is on screen and not current (the first screen's early charts: one a
   * task, so that input is answered between them). The crosshair follows as after any draw.
   */
  drawNow(panel: Panel): void {
    if (!this.started || !this.panels.has(panel)) return;
    this.measure(panel);
    if (panel.visible && panel.drawnVersion !== this.ctx.version) this.drawPanel(panel);
  }

  private measure(panel: Panel): void {
    if (!this.nearObserver || typeof window === 'undefined') return;
    const r = panel.target.getBoundingClientRect();
    const h = window.innerHeight;
    panel.visible = r.bottom > 0 && r.top < h && r.width > 0;
    const shown = Math.min(r.bottom, h) - Math.max(r.top, 0);
    panel.mostlyVisible = panel.visible && (shown >= r.height / 2 || shown >= h / 2);
    panel.near = r.bottom > -h && r.top < 2 * h && r.width > 0;
  }

  private observed(entries: IntersectionObserverEntry[], which: 'near' | 'visible'): void {
    let changed = false;
    for (const e of entries) {
      const p = this.byTarget.get(e.target);
      if (!p) continue;
      if (p[which] !== e.isIntersecting) {
        p[which] = e.isIntersecting;
        changed = true;
      }
      if (which === 'visible') {
        const root = e.rootBounds?.height ?? Infinity;
        p.mostlyVisible = e.isIntersecting && (e.intersectionRatio >= 0.5 || e.intersectionRect.height >= root / 2);
      }
    }
    if (changed) {
      this.schedule();
      this.scheduleBackground();
    }
  }

  // ── drawing ─────────────────────────────────────────────────────────────────────────────────────────

  /** On-screen work in the next animation frame. */
  private schedule(): void {
    if (this.frame || typeof requestAnimationFrame === 'undefined') return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.workVisible();
    });
  }

  /**
   * Off-screen work after the next frame has been painted (a task posted from an animation frame runs after
   * that frame's rendering), so it never delays what the user is looking at.
   */
  private scheduleBackground(): void {
    if (this.background || typeof requestAnimationFrame === 'undefined') return;
    this.background = requestAnimationFrame(() => {
      this.backgroundTimer = setTimeout(() => {
        this.background = 0;
        this.backgroundTimer = null;
        this.workBackground();
      }, 0);
    });
  }

  /**
   * Draw every stale on-screen chart; `urgent` (in an input handler): only those mostly on screen, the
   * edges of the screen after the input's frame, so that frame is not late.
   */
  private workVisible(urgent = false): void {
    if (!this.started) return;
    const t0 = performance.now();
    const ctx = this.ctx;
    const change = this.windowChange;
    this.windowChange = null;
    const drawn: Panel[] = [];
    let later = false;
    for (const p of this.panels) {
      if (p.visible && p.drawnVersion !== ctx.version) {
        if (urgent && !p.mostlyVisible) {
          later = true;
          continue;
        }
        this.drawPanel(p, false);
        drawn.push(p);
      }
    }
    // The crosshairs once every chart is drawn: a chart's draw reads its size, which after another's
    // crosshair moved would lay the page out again.
    if (this.hoverRow !== null) for (const p of drawn) p.crosshair(this.ctx, this.hoverRow, this.hoverPanel, this.hoverY);
    const drew = drawn.length > 0;
    // The edges of the screen right after the input's frame has been painted, so that frame is not late.
    if (later) this.scheduleBackground();
    if (change && drew) measure(change.gradual ? 'dv:redraw (gradual)' : 'dv:redraw', t0);
    for (const p of this.panels) {
      if (p.statsVersion !== ctx.version || (p.drawnVersion !== ctx.version && p.near)) {
        this.scheduleBackground();
        break;
      }
    }
  }

  /** Within a time budget: statistics of on-screen charts, then the charts near the screen. */
  private workBackground(): void {
    if (!this.started) return;
    const ctx = this.ctx;
    const deadline = performance.now() + FRAME_BUDGET_MS;
    const over = (): boolean => performance.now() > deadline;
    let left = false;
    for (const p of this.panels) {
      if (left) break;
      if (p.visible && p.drawnVersion !== ctx.version) {
        if (over()) left = true;
        else this.drawPanel(p);
      }
    }
    for (const p of this.panels) {
      if (left) break;
      if (p.visible && p.statsVersion !== ctx.version) left = !p.stats(ctx, deadline) || over();
    }
    for (const p of this.panels) {
      if (left) break;
      if (!p.near || p.visible) continue;
      if (p.drawnVersion !== ctx.version) {
        if (over()) {
          left = true;
          break;
        }
        this.drawPanel(p);
      }
      if (p.statsVersion !== ctx.version) left = !p.stats(ctx, deadline) || over();
    }
    if (!left) left = this.drawAhead();
    this.evict();
    if (left) this.scheduleBackground();
    else this.scheduleIdle();
  }

  /**
   * Far charts never drawn yet, in page order, while fewer than MAX_INSTANCES are held: after a page has
   * loaded, every chart gets painted ahead of the scroll, so scrolling finds them drawn (the ~20–40 ms of a
   * Chart.js instance is paid while the user reads the first screen). Charts until AHEAD_BUDGET_MS have
   * passed (at least one), each task after a painted frame: input waits at most about one budget plus one
   * chart. True when there may be more.
   */
  private drawAhead(): boolean {
    const deadline = performance.now() + AHEAD_BUDGET_MS;
    let held = 0;
    for (const p of this.panels) if (p.hasInstance()) held++;
    for (const p of this.panels) {
      if (held >= MAX_INSTANCES) return false;
      if (p.painted || p.near || p.hasInstance() || this.triedAhead.has(p)) continue;
      if (performance.now() > deadline) return true;
      // Once only: a chart that cannot draw (no size, e.g. a collapsed section) waits until it comes near.
      this.triedAhead.add(p);
      this.drawPanel(p);
      if (p.hasInstance()) held++;
    }
    return false;
  }

  /**
   * Charts far from the screen are drawn when they come near; only their statistics follow the window, when
   * the browser is idle (so that every table is right without slowing what is on screen).
   */
  private scheduleIdle(): void {
    if (this.idle) return;
    const ctx = this.ctx;
    let stale = false;
    for (const p of this.panels) {
      if (p.statsVersion !== ctx.version) {
        stale = true;
        break;
      }
    }
    if (!stale) return;
    const run = (budget: number): void => {
      this.idle = 0;
      if (!this.started || this.paused) return;
      const now = this.ctx;
      const deadline = performance.now() + budget;
      for (const p of this.panels) {
        if (p.statsVersion === now.version) continue;
        if (!p.stats(now, deadline) || performance.now() > deadline) {
          this.scheduleIdle();
          return;
        }
      }
    };
    const ric = (globalThis as { requestIdleCallback?: (cb: (d: { timeRemaining(): number }) => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (ric) {
      this.idle = ric((d) => run(Math.min(d.timeRemaining(), IDLE_BUDGET_MS)), { timeout: 2000 });
    } else {
      this.idle = setTimeout(() => run(IDLE_BUDGET_MS), 50) as unknown as number;
    }
  }

  private drawPanel(p: Panel, crosshair = true): void {
    const firstPaint = !p.painted;
    p.draw(this.ctx);
    p.lastDrawn = performance.now();
    if (firstPaint && p.painted && this.firstScreen?.delete(p) && this.firstScreen.size === 0) {
      this.markFirstScreen();
    }
    if (crosshair && this.hoverRow !== null) p.crosshair(this.ctx, this.hoverRow, this.hoverPanel, this.hoverY);
  }

  private markFirstScreen(): void {
    if (this.firstScreenDone) return;
    this.firstScreenDone = true;
    this.firstScreen = null;
    if (!this.replacesFirstScreen) return;
    try {
      // The server's first-screen images may have shown the first screen already (first-screen.ts), and the
      // early charts drawn into them made it interactive (first-screen-live.ts).
      if (performance.getEntriesByName('dv:first-screen', 'mark').length === 0) performance.mark('dv:first-screen');
      if (performance.getEntriesByName('dv:first-screen-live', 'mark').length === 0) performance.mark('dv:first-screen-live');
    } catch {
      // no User Timing: nothing to mark
    }
    // The interactive charts are there: the images go.
    window.dispatchEvent(new Event(CHARTS_PAINTED_EVENT));
  }

  private evict(): void {
    const held = [...this.panels].filter((p) => p.hasInstance());
    if (held.length <= MAX_INSTANCES) return;
    const far = held.filter((p) => !p.near).sort((a, b) => a.lastDrawn - b.lastDrawn);
    for (let i = 0; i < far.length && held.length - i > MAX_INSTANCES; i++) far[i]!.release();
  }

  /** Something other than the window changed: rebuild every chart's options (no-op when nothing did). */
  update(patch: Partial<Omit<ViewContext, 'version' | 'optionsVersion' | 'rows'>>): void {
    const keys = Object.keys(patch) as (keyof typeof patch)[];
    if (keys.every((k) => patch[k] === this.ctx[k])) return;
    const next = { ...this.ctx, ...patch };
    if (patch.extent && !sameWindow(patch.extent, this.ctx.extent, 0)) {
      // A window showing the whole extent keeps showing all of it (a live run growing); a zoom stays.
      const whole = sameWindow(this.ctx.window, this.ctx.extent, 0);
      next.window = whole ? next.extent : clampWindow(next.window, next.extent, this.minSpan());
    }
    next.rows = rowsInWindow(next.run.time, next.window, next.run.firstRow);
    next.version = this.ctx.version + 1;
    // New data alone (the full report replacing its reduced level), or another finding shaded (read on each
    // draw, shared/chart/shaded-windows.ts), keeps the charts' options and instances.
    const dataOnly = keys.every((k) => k === 'run' || k === 'needExact' || k === 'finding' || patch[k] === this.ctx[k]);
    next.optionsVersion = dataOnly ? this.ctx.optionsVersion : this.ctx.optionsVersion + 1;
    const moved = !sameWindow(next.window, this.ctx.window, 0);
    this.ctx = next;
    if (moved) {
      for (const l of this.windowListeners) l();
      this.onWindow?.(next.window, false);
    }
    this.schedule();
    this.scheduleBackground();
  }

  /** Sizes changed (window resized, layout): redraw everything at the new sizes. */
  invalidate(): void {
    this.ctx = { ...this.ctx, version: this.ctx.version + 1 };
    this.schedule();
    this.scheduleBackground();
  }

  /** A panel became stale (new props): draw it when its turn comes. */
  poke(): void {
    if (!this.started) return;
    this.schedule();
    this.scheduleBackground();
  }

  /** Stop drawing (the page is going away, or React unmounted for a moment). */
  pause(): void {
    this.paused = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.background) cancelAnimationFrame(this.background);
    if (this.backgroundTimer !== null) clearTimeout(this.backgroundTimer);
    this.frame = 0;
    this.background = 0;
    this.backgroundTimer = null;
  }

  resume(): void {
    this.paused = false;
    this.poke();
  }

  // ── window ──────────────────────────────────────────────────────────────────────────────────────────

  private minSpan(): number {
    return minSpanMs(this.ctx.run.intervalMs);
  }

  get window(): TimeWindow {
    return this.ctx.window;
  }

  /**
   * Show `w` (clamped to the extent). Immediate changes (buttons, end of a drag, keys) draw the on-screen
   * charts before returning; gradual ones (wheel, drag-panning) in the next animation frame.
   */
  setWindow(w: TimeWindow, gradual = false): void {
    const next = clampWindow(w, this.ctx.extent, this.minSpan());
    if (sameWindow(next, this.ctx.window, 0)) return;
    this.ctx = {
      ...this.ctx,
      window: next,
      rows: rowsInWindow(this.ctx.run.time, next, this.ctx.run.firstRow),
      version: this.ctx.version + 1,
    };
    this.windowChange = { gradual };
    for (const l of this.windowListeners) l();
    this.onWindow?.(next, gradual);
    if (gradual) {
      this.schedule();
    } else {
      if (this.frame) cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.workVisible(true);
    }
  }

  zoomBy(factor: number, at?: number, gradual = false): void {
    const w = this.ctx.window;
    this.setWindow(zoomAt(w, at ?? (w.t0 + w.t1) / 2, factor, this.ctx.extent, this.minSpan()), gradual);
  }

  pan(fraction: number, gradual = false): void {
    this.setWindow(panBy(this.ctx.window, fraction, this.ctx.extent), gradual);
  }

  reset(): void {
    this.setWindow(this.ctx.extent);
  }

  isWhole(): boolean {
    return sameWindow(this.ctx.window, this.ctx.extent, 0.5);
  }

  subscribeWindow = (l: Listener): (() => void) => {
    this.windowListeners.add(l);
    return () => this.windowListeners.delete(l);
  };

  // ── hover ───────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The pointer is at time t over `panel` (null: it left). The crosshairs move at once: browsers deliver
   * pointer moves once per frame, just before the animation frame callbacks.
   */
  hover(t: number | null, panel: Panel | null = null, pointerY: number | null = null): void {
    const w = this.ctx.window;
    const row = t === null || t < w.t0 - 1 || t > w.t1 + 1 ? null : this.ctx.run.nearestRow(t);
    const next = row !== null && row >= 0 ? row : null;
    if (next === this.hoverRow && panel === this.hoverPanel) {
      // Same time: only the readout beside the pointer moves.
      this.hoverY = pointerY;
      if (panel?.painted) panel.crosshair(this.ctx, next, panel, pointerY);
      return;
    }
    this.hoverRow = next;
    this.hoverPanel = panel;
    this.hoverY = pointerY;
    for (const p of this.panels) if (p.painted) p.crosshair(this.ctx, this.hoverRow, this.hoverPanel, this.hoverY);
  }
}

function measure(name: string, start: number): void {
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // older browsers without measure options: skip
  }
}
