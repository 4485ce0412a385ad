/**
 * The pointer layer: the DOM layer over a chart's canvas that takes the pointer and keyboard interactions (hover, drag to zoom,
 * Shift+drag to pan, wheel to zoom, arrow/+/−/0 keys), the crosshair (`[data-crosshair]`), the readout of the
 * values at the hovered time (`[data-readout]`) and the drag selection. Moving these elements never redraws
 * the chart underneath (docs/ui-contract.md §2–3). Text from the file goes in with textContent only.
 */
import type { TimeWindow } from '../../../shared/series/window.js';
import { formatDateTime, formatElapsed } from '../format.js';
import { windowFromDrag } from '../../../shared/view/zoom.js';
import type { Coordinator, Panel, ViewContext } from './coordinator.js';

/** The plot area within the box, CSS px. */
export interface PlotArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ReadoutItem {
  colour: string;
  label: string;
  value: string;
  muted?: boolean;
}

/** Shortest drag that zooms (px). */
const MIN_DRAG_PX = 10;
/** Space between the pointer (and the crosshair) and the readout (CSS px). */
const POINTER_GAP_PX = 12;

interface Drag {
  /** -1 for the mouse. */
  pointerId: number;
  x0: number;
  pan: boolean;
  window0: TimeWindow;
  moved: boolean;
}

export class PointerLayer {
  area: PlotArea | null = null;
  /** Size of the whole box (CSS px), known from the last draw. */
  private boxWidth = 0;
  private boxHeight = 0;
  private readonly line: HTMLDivElement;
  private readonly readout: HTMLDivElement;
  private readonly readoutTime: HTMLDivElement;
  private readonly readoutRows: HTMLDivElement;
  private readonly selection: HTMLDivElement;
  private rows: { root: HTMLDivElement; swatch: HTMLSpanElement; label: HTMLSpanElement; value: HTMLSpanElement }[] = [];
  private drag: Drag | null = null;
  private stopWindow: (() => void) | null = null;
  private shown = false;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly el: HTMLElement,
    private readonly coordinator: Coordinator,
    private readonly panel: Panel,
  ) {
    const doc = el.ownerDocument;
    this.line = doc.createElement('div');
    this.line.className = 'crosshair';
    this.line.dataset['crosshair'] = '';
    this.line.hidden = true;
    this.readout = doc.createElement('div');
    this.readout.className = 'readout';
    this.readout.dataset['readout'] = '';
    this.readout.hidden = true;
    this.readoutTime = doc.createElement('div');
    this.readoutTime.className = 'readout-time';
    this.readoutRows = doc.createElement('div');
    this.readout.append(this.readoutTime, this.readoutRows);
    this.selection = doc.createElement('div');
    this.selection.className = 'zoom-selection';
    this.selection.hidden = true;
    el.append(this.selection, this.line, this.readout);

    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      fn: (e: HTMLElementEventMap[K]) => void,
      opts?: AddEventListenerOptions,
    ): void => {
      el.addEventListener(type, fn as EventListener, opts);
      this.off.push(() => el.removeEventListener(type, fn as EventListener, opts));
    };
    // The mouse through mouse events (hover, drags with window listeners, as any page sees them: a zoom
    // lands in the mouseup, not before it); touch and pen through pointer events.
    on('mousemove', (e) => this.onMove(e, -1));
    on('mousedown', (e) => this.onDown(e, -1));
    on('mouseleave', () => {
      if (!this.drag) this.coordinator.hover(null);
    });
    on('pointerdown', (e) => {
      if (e.pointerType !== 'mouse') this.onDown(e, e.pointerId);
    });
    on('pointermove', (e) => {
      if (e.pointerType !== 'mouse') this.onMove(e, e.pointerId);
    });
    on('pointerup', (e) => {
      if (e.pointerType !== 'mouse') this.onUp(e, e.pointerId);
    });
    on('pointercancel', (e) => {
      if (e.pointerType !== 'mouse') this.cancelDrag();
    });
    on('wheel', (e) => this.onWheel(e), { passive: false });
    on('keydown', (e) => this.onKey(e));
  }

  setArea(area: PlotArea, boxWidth: number, boxHeight: number): void {
    this.area = area;
    this.boxWidth = boxWidth;
    this.boxHeight = boxHeight;
  }

  private local(e: MouseEvent): { x: number; y: number } {
    const r = this.el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private inside(p: { x: number; y: number }, slack = 0): boolean {
    const a = this.area;
    return (
      a !== null &&
      p.x >= a.left - slack &&
      p.x <= a.left + a.width + slack &&
      p.y >= a.top - slack &&
      p.y <= a.top + a.height + slack
    );
  }

  private timeAt(x: number, w: TimeWindow = this.coordinator.window): number {
    const a = this.area!;
    return w.t0 + ((x - a.left) / Math.max(1, a.width)) * (w.t1 - w.t0);
  }

  private onMove(e: MouseEvent, pointerId: number): void {
    const p = this.local(e);
    const drag = this.drag;
    if (drag && drag.pointerId === pointerId && this.area) {
      if (Math.abs(p.x - drag.x0) >= 3) drag.moved = true;
      if (drag.pan) {
        const span = drag.window0.t1 - drag.window0.t0;
        const dt = -((p.x - drag.x0) / Math.max(1, this.area.width)) * span;
        this.coordinator.setWindow({ t0: drag.window0.t0 + dt, t1: drag.window0.t1 + dt }, true);
      } else {
        const a = this.area;
        const x0 = Math.max(a.left, Math.min(a.left + a.width, Math.min(drag.x0, p.x)));
        const x1 = Math.max(a.left, Math.min(a.left + a.width, Math.max(drag.x0, p.x)));
        const s = this.selection;
        s.hidden = false;
        s.style.left = `${x0}px`;
        s.style.width = `${x1 - x0}px`;
        s.style.top = `${a.top}px`;
        s.style.height = `${a.height}px`;
      }
    }
    if (this.inside(p)) this.coordinator.hover(this.timeAt(p.x), this.panel, p.y);
    else if (!drag) this.coordinator.hover(null);
  }

  private onDown(e: MouseEvent, pointerId: number): void {
    if (e.button !== 0 || !this.area || this.drag) return;
    const p = this.local(e);
    if (!this.inside(p)) return;
    this.drag = { pointerId, x0: p.x, pan: e.shiftKey, window0: this.coordinator.window, moved: false };
    if (pointerId >= 0) {
      try {
        this.el.setPointerCapture(pointerId);
      } catch {
        // synthetic events without a live pointer
      }
    } else {
      // The mouse may leave the chart while dragging: follow it on the window until the button is up.
      const win = this.el.ownerDocument.defaultView ?? window;
      const move = (ev: MouseEvent): void => {
        if (ev.target instanceof Node && this.el.contains(ev.target)) return; // the layer's own listener has it
        this.onMove(ev, -1);
      };
      const up = (ev: MouseEvent): void => {
        if (ev.button !== 0) return;
        win.removeEventListener('mousemove', move);
        win.removeEventListener('mouseup', up);
        this.stopWindow = null;
        this.onUp(ev, -1);
      };
      win.addEventListener('mousemove', move);
      win.addEventListener('mouseup', up);
      this.stopWindow = () => {
        win.removeEventListener('mousemove', move);
        win.removeEventListener('mouseup', up);
      };
    }
    if (e.shiftKey) this.el.classList.add('panning');
    e.preventDefault(); // no text selection, no native drag
    this.el.focus({ preventScroll: true });
  }

  private onUp(e: MouseEvent, pointerId: number): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== pointerId || !this.area) return;
    this.endDrag(e, drag);
  }

  private endDrag(e: MouseEvent, drag: Drag): void {
    if (!this.area) return;
    // Measured before cancelDrag hides the selection: a read after that write would lay the page out again.
    const p = this.local(e);
    this.cancelDrag();
    if (drag.pan) {
      if (drag.moved) {
        const span = drag.window0.t1 - drag.window0.t0;
        const dt = -((p.x - drag.x0) / Math.max(1, this.area.width)) * span;
        this.coordinator.setWindow({ t0: drag.window0.t0 + dt, t1: drag.window0.t1 + dt });
      }
      return;
    }
    if (Math.abs(p.x - drag.x0) >= MIN_DRAG_PX) {
      this.coordinator.setWindow(windowFromDrag(drag.x0, p.x, this.area, drag.window0));
    }
  }

  private cancelDrag(): void {
    if (this.drag && this.drag.pointerId >= 0) {
      try {
        this.el.releasePointerCapture(this.drag.pointerId);
      } catch {
        // already released
      }
    }
    this.stopWindow?.();
    this.stopWindow = null;
    this.drag = null;
    this.selection.hidden = true;
    this.el.classList.remove('panning');
  }

  private onWheel(e: WheelEvent): void {
    if (!this.area || e.ctrlKey) return;
    const p = this.local(e);
    if (!this.inside(p)) return;
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const dy = e.deltaY * unit;
    if (dy === 0) return;
    // Zooming out of the whole run has nothing to do: let the page scroll instead.
    if (dy > 0 && this.coordinator.isWhole()) return;
    e.preventDefault();
    const factor = Math.exp(Math.max(-300, Math.min(300, dy)) * 0.002);
    this.coordinator.zoomBy(factor, this.timeAt(p.x), true);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowLeft':
        this.coordinator.pan(-0.25);
        break;
      case 'ArrowRight':
        this.coordinator.pan(0.25);
        break;
      case '+':
      case '=':
        this.coordinator.zoomBy(0.5);
        break;
      case '-':
      case '_':
        this.coordinator.zoomBy(2);
        break;
      case '0':
      case 'Home':
        this.coordinator.reset();
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  }

  /**
   * Show the crosshair at `row`. The readout (the items) is shown only in the chart under the pointer
   * (`pointerY`, CSS px in the box; null in every other chart), next to the pointer, on the side with more
   * room, so that it never covers the peaks of the other charts.
   */
  show(ctx: ViewContext, row: number, items: readonly ReadoutItem[], pointerY: number | null): void {
    const a = this.area;
    if (!a) return;
    const t = ctx.run.time[row]!;
    const w = ctx.window;
    const x = a.left + ((t - w.t0) / Math.max(1e-9, w.t1 - w.t0)) * a.width;
    if (x < a.left - 0.5 || x > a.left + a.width + 0.5) {
      this.hide();
      return;
    }
    const line = this.line;
    line.style.transform = `translateX(${x.toFixed(1)}px)`;
    line.style.top = `${a.top}px`;
    line.style.height = `${a.height}px`;
    line.dataset['time'] = String(t);
    line.hidden = false;
    this.shown = true;

    const r = this.readout;
    if (pointerY === null) {
      r.hidden = true;
      return;
    }
    this.readoutTime.textContent = ctx.xMode === 'elapsed' ? formatElapsed(t - ctx.origin) : formatDateTime(t);
    this.fillRows(items);
    r.dataset['time'] = String(t);
    // Beside the pointer, on the side of the line and of the pointer's height with more room; no measuring
    // (no layout in the hover path): the far edge is anchored instead (right/bottom).
    if (x - a.left > a.width / 2) {
      r.style.left = '';
      r.style.right = `${(this.boxWidth || a.left + a.width) - x + POINTER_GAP_PX}px`;
    } else {
      r.style.right = '';
      r.style.left = `${x + POINTER_GAP_PX}px`;
    }
    const y = Math.max(a.top, Math.min(a.top + a.height, pointerY));
    if (y - a.top > a.height / 2) {
      r.style.top = '';
      r.style.bottom = `${Math.max(0, this.boxHeight - y + POINTER_GAP_PX)}px`;
    } else {
      r.style.bottom = '';
      r.style.top = `${y + POINTER_GAP_PX}px`;
    }
    r.hidden = false;
  }

  private fillRows(items: readonly ReadoutItem[]): void {
    while (this.rows.length < items.length) {
      const doc = this.el.ownerDocument;
      const root = doc.createElement('div');
      root.className = 'readout-row';
      const swatch = doc.createElement('span');
      const label = doc.createElement('span');
      label.className = 'readout-label';
      const value = doc.createElement('span');
      value.className = 'readout-value';
      root.append(swatch, label, value);
      this.readoutRows.append(root);
      this.rows.push({ root, swatch, label, value });
    }
    this.rows.forEach((r, i) => {
      const item = items[i];
      if (!item) {
        r.root.hidden = true;
        return;
      }
      r.root.hidden = false;
      const cls = `swatch swatch-${item.colour}`;
      if (r.swatch.className !== cls) r.swatch.className = cls;
      if (r.label.textContent !== item.label) r.label.textContent = item.label;
      r.value.textContent = item.value;
      r.root.classList.toggle('muted', item.muted === true);
    });
  }

  hide(): void {
    if (!this.shown) return;
    this.shown = false;
    this.line.hidden = true;
    this.readout.hidden = true;
  }

  /** Labels changed (language, hidden series): rebuild the readout rows next time. */
  resetReadout(): void {
    for (const r of this.rows) r.root.remove();
    this.rows = [];
  }

  destroy(): void {
    this.cancelDrag();
    for (const off of this.off) off();
    this.line.remove();
    this.readout.remove();
    this.selection.remove();
  }
}
