/**
 * The React side of a drawing panel (LinePanel, HeatmapPanel): made once when its figure mounts, registered
 * with the coordinator, destroyed with the figure. Prop changes reach it through `update`, never by
 * re-creating it (a Chart.js instance and its canvas are costly to make). Returns the panel's ref.
 */
import { useLayoutEffect, useRef, type DependencyList, type RefObject } from 'react';
import type { Coordinator, Panel } from './coordinator.js';

export function usePanel<P extends Panel & { destroy(): void }>(
  coordinator: Coordinator,
  create: () => P,
  update: (panel: P) => void,
  deps: DependencyList,
): RefObject<P | null> {
  const panelRef = useRef<P | null>(null);
  useLayoutEffect(() => {
    const panel = create();
    panelRef.current = panel;
    const unregister = coordinator.register(panel);
    return () => {
      unregister();
      panel.destroy();
      panelRef.current = null;
    };
    // The panel lives as long as the figure: `create` runs once per coordinator.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [coordinator]);

  useLayoutAfterMount(() => {
    if (!panelRef.current) return;
    update(panelRef.current);
    coordinator.poke();
  }, [coordinator, ...deps]);
  return panelRef;
}

/** useLayoutEffect that skips the first render: for reacting to changes after the mount. */
export function useLayoutAfterMount(effect: () => void, deps: DependencyList): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
