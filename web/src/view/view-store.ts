/**
 * The report page's view (options + zoom window), kept in the URL query with `history.replaceState` so a
 * shared link opens the same view (view-state.ts is the codec). Options and zoom have separate listeners:
 * zooming must not re-render the React tree, only the charts (see charts/coordinator.ts).
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_VIEW, parseViewState, serialiseViewState, type ViewState } from '../../../shared/view/view-state.js';

/** The options part of a view: everything but the zoom window. */
export type ViewOptions = Omit<ViewState, 'from' | 'to'>;

export interface Zoom {
  from: number | null;
  to: number | null;
}

/** Longest wait before the URL follows the zoom (history.replaceState is rate-limited by browsers). */
const URL_DELAY_MS = 200;

export class ViewStore {
  private opts: ViewOptions;
  private zoom: Zoom;
  private readonly optionListeners = new Set<() => void>();
  private readonly zoomListeners = new Set<() => void>();
  private urlTimer: ReturnType<typeof setTimeout> | null = null;
  /** A URL write waiting for the next frame (its animation frame id, or -1 once the frame has run). */
  private urlFrame = 0;
  private urlAfterFrame: ReturnType<typeof setTimeout> | null = null;

  constructor(search: string) {
    const { from, to, ...opts } = parseViewState(search);
    this.opts = opts;
    this.zoom = { from, to };
  }

  get options(): ViewOptions {
    return this.opts;
  }

  get zoomWindow(): Zoom {
    return this.zoom;
  }

  get view(): ViewState {
    return { ...this.opts, ...this.zoom };
  }

  setOptions(patch: Partial<ViewOptions>): void {
    const next = { ...this.opts, ...patch };
    if (serialiseViewState({ ...next, from: null, to: null }) === serialiseViewState({ ...this.opts, from: null, to: null })) return;
    this.opts = next;
    for (const l of this.optionListeners) l();
    this.syncUrl('now');
  }

  resetOptions(): void {
    const { from: _from, to: _to, ...defaults } = DEFAULT_VIEW;
    this.setOptions({ ...defaults, run: this.opts.run, hide: this.opts.hide });
  }

  /**
   * Seconds from the run's first sample, rounded to the millisecond; null/null = the whole run. `gradual`
   * (wheel, drag-panning): the URL follows within URL_DELAY_MS; otherwise right after the next frame (the
   * one showing the zoomed charts: history.replaceState costs a few ms that the frame need not wait for).
   */
  setZoom(from: number | null, to: number | null, gradual = false): void {
    const r = (x: number | null): number | null => (x === null ? null : Math.round(x * 1000) / 1000);
    const next = { from: r(from), to: r(to) };
    if (next.from === this.zoom.from && next.to === this.zoom.to) return;
    this.zoom = next;
    for (const l of this.zoomListeners) l();
    this.syncUrl(gradual ? 'later' : 'frame');
  }

  subscribeOptions = (l: () => void): (() => void) => {
    this.optionListeners.add(l);
    return () => this.optionListeners.delete(l);
  };

  subscribeZoom = (l: () => void): (() => void) => {
    this.zoomListeners.add(l);
    return () => this.zoomListeners.delete(l);
  };

  /** The query string of the current view. */
  search(): string {
    return serialiseViewState(this.view);
  }

  private syncUrl(when: 'now' | 'frame' | 'later'): void {
    if (typeof window === 'undefined') return;
    const write = (): void => {
      if (this.urlTimer !== null) clearTimeout(this.urlTimer);
      this.urlTimer = null;
      if (this.urlFrame > 0) cancelAnimationFrame(this.urlFrame);
      if (this.urlAfterFrame !== null) clearTimeout(this.urlAfterFrame);
      this.urlFrame = 0;
      this.urlAfterFrame = null;
      const url = `${window.location.pathname}${this.search()}${window.location.hash}`;
      if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
        window.history.replaceState(window.history.state, '', url);
      }
    };
    if (when === 'now' || typeof requestAnimationFrame === 'undefined') {
      write();
    } else if (when === 'frame') {
      // A task posted from an animation frame runs after that frame has been rendered; the write reads the
      // view as it is then.
      if (this.urlFrame === 0) {
        this.urlFrame = requestAnimationFrame(() => {
          this.urlFrame = -1;
          this.urlAfterFrame = setTimeout(write, 0);
        });
      }
    } else if (this.urlTimer === null && this.urlFrame === 0) {
      this.urlTimer = setTimeout(write, URL_DELAY_MS);
    }
  }

  /** Write a pending URL change now (before leaving the page). */
  flush(): void {
    if (this.urlTimer !== null || this.urlFrame !== 0) this.syncUrl('now');
  }
}

export function useViewOptions(store: ViewStore): ViewOptions {
  return useSyncExternalStore(store.subscribeOptions, () => store.options);
}

export function useZoom(store: ViewStore): Zoom {
  return useSyncExternalStore(store.subscribeZoom, () => store.zoomWindow);
}
