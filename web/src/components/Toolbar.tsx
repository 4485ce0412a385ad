/**
 * The toolbar above the charts (sticky): zoom and pan buttons (docs/ui-contract.md §3), the shown window,
 * and the view options, applied as they are typed (dstat2graphs asks for them at upload).
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { Coordinator } from '../charts/coordinator.js';
import { formatClock, formatDateTime, formatDuration, formatElapsed, limitText, parseLimit } from '../format.js';
import { useLang, useT } from '../i18n/i18n.js';
import { HEATMAP_MIN_CPUS } from '../view/layout.js';
import { MAX_COLS, MAX_HEIGHT, MIN_HEIGHT, type XAxisMode } from '../../../shared/view/view-state.js';
import { viewOption } from '../../../shared/view/view-options.js';
import { useViewOptions, type ViewStore } from '../view/view-store.js';

interface Props {
  coordinator: Coordinator;
  store: ViewStore;
  trendMs: number;
  cpuCount: number;
}

/**
 * The toolbar's height as `--toolbar-height` on <html>: the page's scroll-padding-top (styles.css), so that
 * an element scrolled to or focused is never left under the sticky toolbar.
 */
function useToolbarHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const set = (): void => root.style.setProperty('--toolbar-height', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.style.removeProperty('--toolbar-height');
    };
  }, []);
  return ref;
}

export function Toolbar({ coordinator, store, trendMs, cpuCount }: Props) {
  const t = useT();
  const ref = useToolbarHeight();
  return (
    <div className="toolbar" role="toolbar" aria-label={t.toolbar} ref={ref}>
      <div className="zoom-buttons">
        <button type="button" onClick={() => coordinator.zoomBy(0.5)}>
          <span aria-hidden="true" className="icon">
            ＋
          </span>
          {t.zoomIn}
        </button>
        <button type="button" onClick={() => coordinator.zoomBy(2)}>
          <span aria-hidden="true" className="icon">
            －
          </span>
          {t.zoomOut}
        </button>
        <button type="button" onClick={() => coordinator.pan(-0.5)}>
          <span aria-hidden="true" className="icon">
            ◀
          </span>
          {t.panLeft}
        </button>
        <button type="button" onClick={() => coordinator.pan(0.5)}>
          <span aria-hidden="true" className="icon">
            ▶
          </span>
          {t.panRight}
        </button>
        <button type="button" onClick={() => coordinator.reset()}>
          <span aria-hidden="true" className="icon">
            ⟲
          </span>
          {t.resetZoom}
        </button>
      </div>
      <WindowLabel coordinator={coordinator} store={store} />
      <OptionsMenu store={store} trendMs={trendMs} cpuCount={cpuCount} />
    </div>
  );
}

function WindowLabel({ coordinator, store }: { coordinator: Coordinator; store: ViewStore }) {
  const t = useT();
  const lang = useLang();
  const w = useSyncExternalStore(coordinator.subscribeWindow, () => coordinator.window);
  const { x, offset, duration } = useViewOptions(store);
  const origin = coordinator.ctx.origin;
  // The date only when the window crosses midnight (the header gives the run's dates).
  const sameDay = Math.floor(w.t0 / 86_400_000) === Math.floor(w.t1 / 86_400_000);
  const fmt = (ms: number): string =>
    x === 'elapsed' ? formatElapsed(ms - origin) : sameDay ? formatClock(ms) : formatDateTime(ms);
  const whole = coordinator.isWhole();
  return (
    // A polite live region: zoom and pan are announced when the user pauses, not on every wheel step.
    <p className="window-label" title={t.zoomHint} aria-live="polite" aria-atomic="true" data-window-label="">
      <span className="window-label-name">{t.showing}:</span> {fmt(w.t0)} – {fmt(w.t1)}{' '}
      <span className="window-span">
        ({formatDuration(w.t1 - w.t0, lang)}
        {whole ? `, ${offset > 0 || duration > 0 ? t.wholeCut : t.wholeRun}` : ''})
      </span>
    </p>
  );
}

/** A text field applied after a pause in typing, when it parses; shows the store's value otherwise. */
function useField<T>(value: T, format: (v: T) => string, parse: (s: string) => T | null, apply: (v: T) => void) {
  const [text, setText] = useState(() => format(value));
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      const parsed = parse(text);
      if (parsed === null || parsed !== value) setText(format(value));
      setInvalid(false);
    }
    // Follows the store's value only; text, format and parse are read as they are when it changes. With text
    // as a dependency, a keystroke after the store declined a value would reset the field mid-typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [value]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const commit = (s: string): void => {
    const v = parse(s);
    setInvalid(v === null);
    if (v !== null && v !== last.current) {
      last.current = v;
      apply(v);
    }
  };
  return {
    value: text,
    'aria-invalid': invalid || undefined,
    onChange: (e: { target: { value: string } }) => {
      const s = e.target.value;
      setText(s);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(s), 400);
    },
    onBlur: () => {
      if (timer.current) clearTimeout(timer.current);
      commit(text);
    },
    onKeyDown: (e: { key: string }) => {
      if (e.key === 'Enter') {
        if (timer.current) clearTimeout(timer.current);
        commit(text);
      }
    },
  };
}

function seconds(s: string): number | null {
  const text = s.trim();
  if (text === '') return 0;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) && n <= 1e10 ? Math.round(n * 1000) / 1000 : null;
}

function OptionsMenu({ store, trendMs, cpuCount }: { store: ViewStore; trendMs: number; cpuCount: number }) {
  const t = useT();
  const lang = useLang();
  const o = useViewOptions(store);
  const set = store.setOptions.bind(store);
  const height = useField(
    o.height,
    String,
    (s) => {
      const n = Number(s.trim());
      return s.trim() !== '' && Number.isFinite(n) && n >= MIN_HEIGHT && n <= MAX_HEIGHT ? Math.round(n) : null;
    },
    (v) => set({ height: v }),
  );
  const disk = useField(o.diskMax, limitText, parseLimit, (v) => set({ diskMax: v }));
  const iops = useField(o.iopsMax, (v) => (v > 0 ? String(v) : ''), parseLimit, (v) => set({ iopsMax: v }));
  const net = useField(o.netMax, limitText, parseLimit, (v) => set({ netMax: v }));
  const offset = useField(o.offset, (v) => (v > 0 ? String(v) : ''), seconds, (v) => set({ offset: v }));
  const duration = useField(o.duration, (v) => (v > 0 ? String(v) : ''), seconds, (v) => set({ duration: v }));
  const smoothCodec = viewOption('smooth').codec;
  const smooth = useField(
    o.smooth,
    (v) => (v > 1 ? String(v) : ''),
    (s) => (s.trim() === '' ? 1 : (smoothCodec.fromText(s) ?? null)),
    (v) => set({ smooth: v }),
  );

  const trap = useOptionsTrap();
  return (
    <details className="options-menu" {...trap}>
      <summary>{t.options}</summary>
      <div className="options-panel" role="group" aria-label={t.optionsTitle}>
        <div className="option-grid">
          <label>
            <span>{t.graphHeight}</span>
            <input type="number" inputMode="numeric" min={MIN_HEIGHT} max={MAX_HEIGHT} step={10} {...height} />
          </label>
          <label>
            <span>{t.columns}</span>
            <select
              value={o.cols === null ? 'auto' : String(o.cols)}
              onChange={(e) => set({ cols: e.target.value === 'auto' ? null : Number(e.target.value) })}
            >
              <option value="auto">{t.auto}</option>
              {Array.from({ length: MAX_COLS }, (_, i) => (
                <option key={i} value={String(i + 1)}>
                  {i + 1}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t.xAxis}</span>
            <select value={o.x} onChange={(e) => set({ x: e.target.value as XAxisMode })}>
              <option value="time">{t.xTime}</option>
              <option value="elapsed">{t.xElapsed}</option>
            </select>
          </label>
          <label>
            <span>{t.diskLimit}</span>
            <input type="text" inputMode="decimal" placeholder={t.auto} spellCheck={false} {...disk} />
          </label>
          <label>
            <span>{t.iopsLimit}</span>
            <input type="text" inputMode="decimal" placeholder={t.auto} spellCheck={false} {...iops} />
          </label>
          <label>
            <span>{t.netLimit}</span>
            <input type="text" inputMode="decimal" placeholder={t.auto} spellCheck={false} {...net} />
          </label>
          <label>
            <span>{t.offset}</span>
            <input type="text" inputMode="decimal" placeholder="0" spellCheck={false} {...offset} />
          </label>
          <label>
            <span>{t.cutDuration}</span>
            <input type="text" inputMode="decimal" placeholder="0" spellCheck={false} {...duration} />
          </label>
          <label title={t.smoothHint}>
            <span>{t.smooth}</span>
            <input type="text" inputMode="numeric" placeholder="1" spellCheck={false} data-option="smooth" {...smooth} />
          </label>
        </div>
        <p className="option-hint">{t.limitHint}</p>
        <div className="option-checks">
          <label>
            <input type="checkbox" checked={o.trend} onChange={(e) => set({ trend: e.target.checked })} />
            {t.trend(formatDuration(trendMs, lang))}
          </label>
          <label>
            <input type="checkbox" checked={o.idle} onChange={(e) => set({ idle: e.target.checked })} />
            {t.showIdle}
          </label>
          {cpuCount >= HEATMAP_MIN_CPUS && (
            <label>
              <input type="checkbox" checked={o.heatmap} onChange={(e) => set({ heatmap: e.target.checked })} />
              {t.heatmapOption}
            </label>
          )}
        </div>
        <p>
          <button type="button" onClick={() => store.resetOptions()}>
            {t.resetOptions}
          </button>
        </p>
      </div>
    </details>
  );
}

const FOCUSABLE = 'summary, button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The Options panel as a dialog-like disclosure: while open, Tab and Shift+Tab cycle within it (its
 * button included), Escape closes it and gives the focus back to its button, and the panel is never taller
 * than the room below its top edge (it scrolls instead: at 200 % zoom every option stays in reach).
 */
function useOptionsTrap() {
  const ref = useRef<HTMLDetailsElement>(null);
  const fit = (): void => {
    const details = ref.current;
    const panel = details?.querySelector<HTMLElement>('.options-panel');
    if (!details?.open || !panel) return;
    panel.style.maxHeight = `${Math.max(120, window.innerHeight - panel.getBoundingClientRect().top - 8)}px`;
  };
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return {
    ref,
    onToggle: fit,
    onKeyDown: (e: KeyboardEvent<HTMLDetailsElement>) => {
      const details = ref.current;
      if (!details?.open) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        details.open = false;
        details.querySelector<HTMLElement>('summary')?.focus();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...details.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !(el as HTMLInputElement).disabled && el.getClientRects().length > 0,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    },
  };
}
