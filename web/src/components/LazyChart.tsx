/**
 * A chart mounted only while it is near the viewport. "Show all" on a host with 1 699 disks would otherwise
 * build a thousand figures, canvases and statistics tables at once (3.6–4.9 s of a frozen page); here a chart far
 * away is a placeholder of its height — a `figure.chart-panel` with its heading and `data-painted="false"`
 * (docs/ui-contract.md §1) — and becomes the real chart when it comes within a screen and a half, and a
 * placeholder again (of its measured height) when it is four screens away, so the page keeps a bounded
 * number of live charts however far it is scrolled.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** Mount a chart this close to the viewport (CSS margin: screens above and below). */
const MOUNT_MARGIN = '150% 0px 150% 0px';
/** Unmount it beyond this (larger than MOUNT_MARGIN, so that a chart at the edge does not flicker). */
const UNMOUNT_MARGIN = '400% 0px 400% 0px';

type Listener = (near: boolean, height: number) => void;

/** Two IntersectionObservers shared by every lazy chart of a page. */
export class LazyTracker {
  private readonly listeners = new Map<Element, Listener>();
  private readonly mount: IntersectionObserver | null = null;
  private readonly unmount: IntersectionObserver | null = null;

  constructor() {
    if (typeof IntersectionObserver === 'undefined') return;
    this.mount = new IntersectionObserver((entries) => {
      for (const e of entries) if (e.isIntersecting) this.listeners.get(e.target)?.(true, e.boundingClientRect.height);
    }, { rootMargin: MOUNT_MARGIN });
    this.unmount = new IntersectionObserver((entries) => {
      for (const e of entries) if (!e.isIntersecting) this.listeners.get(e.target)?.(false, e.boundingClientRect.height);
    }, { rootMargin: UNMOUNT_MARGIN });
  }

  observe(el: Element, listener: Listener): () => void {
    if (!this.mount || !this.unmount) {
      listener(true, 0);
      return () => undefined;
    }
    this.listeners.set(el, listener);
    this.mount.observe(el);
    this.unmount.observe(el);
    return () => {
      this.listeners.delete(el);
      this.mount?.unobserve(el);
      this.unmount?.unobserve(el);
    };
  }

  disconnect(): void {
    this.mount?.disconnect();
    this.unmount?.disconnect();
    this.listeners.clear();
  }
}

export const LazyContext = createContext<LazyTracker | null>(null);

interface Props {
  domId: string;
  chartKey: string;
  title: string;
  /** Height (CSS px) of the chart before it has been measured. */
  estimate: number;
  children: () => ReactNode;
}

export function LazyChart({ domId, chartKey, title, estimate, children }: Props) {
  const tracker = useContext(LazyContext);
  const slotRef = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(tracker === null);
  const measured = useRef<number | null>(null);

  useEffect(() => {
    const el = slotRef.current;
    if (!tracker || !el) return;
    return tracker.observe(el, (near, height) => {
      if (!near && height > 0) measured.current = height;
      setLive(near);
    });
  }, [tracker]);

  return (
    <div className="lazy-slot" ref={slotRef}>
      {live ? (
        children()
      ) : (
        <figure
          className="chart-panel chart-placeholder"
          id={domId}
          data-chart={chartKey}
          data-painted="false"
          aria-labelledby={`${domId}-title`}
          style={{ height: `${measured.current ?? estimate}px` }}
        >
          <figcaption>
            <h3 id={`${domId}-title`}>{title}</h3>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
