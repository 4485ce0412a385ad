/**
 * The Findings block wired to a report viewer: the view's `finding` (URL) selects one, the coordinator
 * shades its windows on the charts it names and zooms every chart to it (the URL's from/to follow, so the
 * link opens the same view). Choosing none leaves the zoom where it is.
 */
import { useEffect, useMemo } from 'react';
import type { RunFindings } from '../../../shared/findings/finding.js';
import { findingOrigin, findingShade, findingViewZoom, viewFinding } from '../../../shared/view/finding-view.js';
import type { RunData } from '../../../shared/report/run-data.js';
import type { Coordinator } from '../charts/coordinator.js';
import { useViewOptions, type ViewStore } from '../view/view-store.js';
import { FindingsBlock } from './FindingsBlock.js';

export interface FindingsPanelProps {
  run: RunData;
  findings: RunFindings | null;
  store: ViewStore;
  coordinator: Coordinator;
  note?: string | null;
}

export function FindingsPanel({ run, findings, store, coordinator, note }: FindingsPanelProps) {
  const { finding } = useViewOptions(store);
  const withFindings = useMemo(() => ({ start: run.start, window: run.window, intervalMs: run.intervalMs, findings }), [run, findings]);
  const shade = useMemo(() => findingShade(withFindings, { finding }), [withFindings, finding]);
  useEffect(() => {
    coordinator.update({ finding: shade });
  }, [coordinator, shade]);

  const select = (ref: string | null): void => {
    store.setOptions({ finding: ref });
    const f = ref === null ? null : viewFinding(withFindings, { finding: ref });
    const zoom = f && findingViewZoom(withFindings, f);
    if (zoom) coordinator.setWindow({ t0: run.start + zoom.from * 1000, t1: run.start + zoom.to * 1000 });
  };
  return <FindingsBlock findings={findings} start={findingOrigin(withFindings)} selected={finding} onSelect={select} note={note ?? null} />;
}
