/**
 * Rendering a section shown in full a bit at a time, so that "show all" on a thousand disks never blocks
 * the page: the first EAGER_CHARTS of a section are built at once (real charts), the rest as placeholders
 * (LazyChart), GROW_STEP more per task, each task after a painted frame.
 */
import { useEffect, useState } from 'react';

/**
 * Charts of a section built at once; those after them (a section shown in full: 1 699 disks, 192 CPUs
 * without the heatmap) are placeholders mounted as charts only near the viewport (LazyChart).
 */
export const EAGER_CHARTS = 32;

/** Placeholders added per task when a section is shown in full, so that the page answers input meanwhile. */
const GROW_STEP = 150;

/**
 * How many of a section's charts to render now: every one for a normal section; for a section just shown
 * in full (a thousand disks), EAGER_CHARTS more than before and then GROW_STEP more per task, each task
 * after a painted frame, until all are there.
 */
export function useProgressive(drawn: ReadonlyMap<string, { shown: readonly unknown[] }>): {
  growing: (section: string, total: number) => number;
  /** Changes whenever more charts are rendered. */
  grown: unknown;
} {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(() => new Map());
  useEffect(() => {
    const behind = [...drawn].filter(([section, d]) => d.shown.length > (counts.get(section) ?? EAGER_CHARTS));
    if (behind.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        setCounts((c) => {
          const next = new Map(c);
          for (const [section, d] of behind) next.set(section, Math.min(d.shown.length, (c.get(section) ?? EAGER_CHARTS) + GROW_STEP));
          return next;
        });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, [drawn, counts]);
  return {
    growing: (section, total) => Math.min(total, Math.max(counts.get(section) ?? EAGER_CHARTS, EAGER_CHARTS)),
    grown: counts,
  };
}
