/**
 * "Compare this window with…" on a report page, once a window is zoomed (drag, wheel or a finding): opens the
 * compare page with this window of the run as the baseline (`ID@FROM-TO`) and a second window of the same
 * run, by default the same length just before it (web/src/compare/window-pair.ts), whose seconds can be
 * edited first (docs/ui-contract.md §19).
 */
import { useState, type FormEvent } from 'react';
import { comparePath } from '../api/client.js';
import { useCompareText } from '../compare/compare-text.js';
import { defaultOtherWindow, OTHER_WINDOWS, otherWindow, wholeSeconds, type OtherWindow, type Seconds } from '../compare/window-pair.js';
import { navigate } from '../router.js';
import { useZoom, type ViewStore } from '../view/view-store.js';
import '../compare/compare.css';

export interface CompareWindowProps {
  store: ViewStore;
  /** This run as the compare page names it: `ID`, or `ID:N` for a run of a multi-run file. */
  self: string;
  /** Seconds from the run's first sample to its last. */
  durationS: number;
}

export function CompareWindow({ store, self, durationS }: CompareWindowProps) {
  const zoom = useZoom(store);
  if (zoom.from === null || zoom.to === null) return null;
  const w = wholeSeconds({ from: zoom.from, to: zoom.to }, durationS);
  if (!(w.to > w.from)) return null;
  // A new zoom window offers its own second window.
  return <Form key={`${w.from}-${w.to}`} self={self} window={w} durationS={durationS} />;
}

function Form({ self, window: w, durationS }: { self: string; window: Seconds; durationS: number }) {
  const c = useCompareText();
  const [kind, setKind] = useState<OtherWindow>(() => defaultOtherWindow(w, durationS));
  const [other, setOther] = useState<Seconds | null>(() => otherWindow(kind, w, durationS));
  const [from, setFrom] = useState(String(other?.from ?? ''));
  const [to, setTo] = useState(String(other?.to ?? ''));
  const pick = (k: OtherWindow) => {
    setKind(k);
    const o = otherWindow(k, w, durationS);
    setOther(o);
    setFrom(String(o?.from ?? ''));
    setTo(String(o?.to ?? ''));
  };
  const a = Number(from);
  const b = Number(to);
  const valid = from.trim() !== '' && to.trim() !== '' && Number.isFinite(a) && Number.isFinite(b) && a >= 0 && b > a;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) navigate(comparePath([`${self}@${w.from}-${w.to}`, `${self}@${a}-${b}`]));
  };
  return (
    <details className="compare-with compare-window" data-compare-window="">
      <summary>{c.compareWindow}</summary>
      <form onSubmit={submit}>
        <p>{c.thisWindow(w.from, w.to)}</p>
        <p>
          <label>
            {c.otherWindowLabel}{' '}
            <select value={kind} onChange={(e) => pick(e.currentTarget.value as OtherWindow)}>
              {OTHER_WINDOWS.map((k) => (
                <option key={k} value={k} disabled={otherWindow(k, w, durationS) === null}>
                  {c.otherWindows[k]}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            {c.otherFrom}{' '}
            <input type="number" min={0} step="any" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          </label>{' '}
          <label>
            {c.otherTo}{' '}
            <input type="number" min={0} step="any" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </label>{' '}
          <button type="submit" disabled={!valid}>
            {c.compareGo}
          </button>
        </p>
      </form>
    </details>
  );
}
