/**
 * The first screen made interactive before the app (docs/ui-contract.md §21): once the server's images on
 * screen have painted and the report's data (its level of detail, asked for in the page's `<head>`) has
 * arrived, each of those images becomes the chart the app draws — the same LinePanel (charts/line-panel.ts)
 * with the same options, in a plot box in the image's place, driven by a Coordinator of its own: hover,
 * crosshair, readout, drag-zoom, wheel and keys as on the app's charts. One chart per task, in page order;
 * `dv:first-screen-live` once every one on screen at load is drawn. A zoom goes into the URL (the view store),
 * where the app takes its view from.
 *
 * Its own chunk, loaded by the entry (main.tsx) after the images' frame: Chart.js's line chart, the chart
 * code, the stylesheet; not React's renderer. The app, when its code runs, takes over (handOverFirstScreen):
 * the early charts then stay as drawn, answering nothing, until the app's own charts replace the first
 * screen (first-screen.ts), as they replace the images.
 */
import type { ColumnarReport } from '../../shared/report/columnar.js';
import { toRunData, type RunData } from '../../shared/report/run-data.js';
import { cutExtent, viewFromWindow } from '../../shared/view/extent.js';
import { lineViewOf } from '../../shared/view/line-view.js';
import { chartTitle, seriesLabel } from '../../shared/chart/chart-text.js';
import { Coordinator } from './charts/coordinator.js';
import { LinePanel } from './charts/line-panel.js';
import { readThemeColours } from './charts/theme-colours.js';
import { CHARTS_PAINTED_EVENT } from './first-screen.js';
import { getLang, messages } from './i18n/i18n.js'; // sets <html lang>, as the app will
import './theme/theme.js'; // sets <html data-theme>, as the app will (the images' theme: first-screen.ts)
import { ViewStore } from './view/view-store.js';
import './styles.css';

// For the benchmark's breakdown (bench/page-breakdown.ts): the first screen's chart code has been evaluated.
performance.mark('dv:first-screen-code');

interface Early {
  coordinator: Coordinator;
  panels: { panel: LinePanel; unregister: () => void }[];
  store: ViewStore;
}

let early: Early | null = null;

/** Resolves in a task of its own: input waiting meanwhile is handled first (no wait for a frame). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * A plot box (canvas and pointer layer, as components/PlotBox.tsx lays them out) over the image, of its size;
 * the image keeps its place, hidden (nothing on the page moves), for first-screen.ts: it stands in for the
 * app's chart until that has painted. Null for an image not laid out.
 */
function plotBox(figure: HTMLElement, picture: HTMLElement): { box: HTMLElement; canvas: HTMLCanvasElement; overlay: HTMLElement } | null {
  const img = picture.querySelector('img');
  if (!img || img.offsetWidth <= 0 || img.offsetHeight <= 0) return null;
  figure.style.position = 'relative';
  const doc = figure.ownerDocument;
  const box = doc.createElement('div');
  box.className = 'chart-box';
  box.style.cssText = `position:absolute;left:${img.offsetLeft}px;top:${img.offsetTop}px;width:${img.offsetWidth}px;height:${img.offsetHeight}px`;
  const canvas = doc.createElement('canvas');
  const overlay = doc.createElement('div');
  // The pointer layer's class (styles.css), as the app's (components/PlotBox.tsx).
  overlay.className = 'plot-overlay';
  box.append(canvas, overlay);
  picture.style.visibility = 'hidden';
  figure.append(box);
  return { box, canvas, overlay };
}

/** The early charts' data: the report's, or the first screen's own (`oneRun`: only the view's run, reduced). */
export interface EarlyData {
  data: ColumnarReport;
  oneRun: boolean;
}

/**
 * Draw the first screen's charts on screen from their data, one per task in page order; resolves once they are
 * all drawn (or there is nothing to draw: no first screen, a view the early charts do not draw, data that
 * failed — the app then says why).
 */
export async function liveFirstScreen(source: Promise<EarlyData>): Promise<void> {
  const screen = document.getElementById('first-screen');
  if (!screen) return;
  let data: ColumnarReport;
  let oneRun: boolean;
  try {
    ({ data, oneRun } = await source);
  } catch {
    return;
  }
  const store = new ViewStore(window.location.search);
  const view = store.view;
  const index = oneRun ? 0 : view.run !== null && view.run <= data.runs.length ? view.run - 1 : data.runs.length - 1;
  const columns = data.runs[index];
  // A selected finding is shaded and zoomed to as the app finds it (with the reader's link speeds): left to it.
  if (!columns || view.finding !== null || !screen.isConnected) return;
  const run: RunData = toRunData(columns, data.fileName);
  const extent = cutExtent(run, view.offset, view.duration);
  const theme = readThemeColours(document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light');
  const line = extent ? lineViewOf(run, view, theme) : null;
  if (!extent || !line) return;
  const lang = getLang();
  const t = messages(lang);
  const coordinator = new Coordinator({ ...line, run, extent, height: view.height, lang }, { replacesFirstScreen: false });
  coordinator.onWindow = (w, gradual) => {
    const z = viewFromWindow(run, extent, w);
    store.setZoom(z.from, z.to, gradual);
  };
  const state: Early = { coordinator, panels: [], store };
  early = state;

  const onScreen = Array.from(screen.querySelectorAll<HTMLElement>('figure[data-first-screen]')).filter((f) => {
    const r = f.getBoundingClientRect();
    return r.top < innerHeight && r.bottom > 0;
  });
  const byKey = new Map(run.charts.map((c) => [c.key, c] as const));
  coordinator.start();
  for (const figure of onScreen) {
    if (early !== state || !screen.isConnected) return;
    const chart = byKey.get(figure.dataset['firstScreen'] ?? '');
    const picture = figure.querySelector<HTMLElement>('picture');
    if (!chart || !picture) continue;
    const parts = plotBox(figure, picture);
    if (!parts) continue;
    const title = chartTitle(chart, lang);
    const labels = chart.series.map((s) => seriesLabel(s, lang));
    const panel = new LinePanel(figure, parts.box, parts.canvas, parts.overlay, coordinator, { chart, labels, title, trendLabel: t.trendLabel }, () => undefined);
    state.panels.push({ panel, unregister: coordinator.register(panel) });
    coordinator.drawNow(panel);
    await nextTask();
  }
  if (early !== state || state.panels.length === 0) return;
  if (state.panels.every((p) => p.panel.painted) && performance.getEntriesByName('dv:first-screen-live', 'mark').length === 0) {
    performance.mark('dv:first-screen-live', { detail: { source: 'first-screen', charts: state.panels.length } });
  }
}

/**
 * The app is taking over: the early charts stop answering the pointer and drawing (they stay on screen as
 * drawn until the app's charts replace them), and a zoom made on them is in the URL now.
 */
export function handOverFirstScreen(): void {
  const state = early;
  early = null;
  if (!state) return;
  state.store.flush();
  state.coordinator.pause();
  for (const p of state.panels) p.panel.detachPointer();
  // Gone with the first screen (the app's charts have painted, or it was dropped): their Chart.js instances too.
  window.addEventListener(
    CHARTS_PAINTED_EVENT,
    () => {
      for (const p of state.panels) {
        p.unregister();
        p.panel.destroy();
      }
    },
    { once: true },
  );
}
