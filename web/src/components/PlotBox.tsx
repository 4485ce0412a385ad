/**
 * The drawing area of a figure: the canvas a panel draws on, and the focusable pointer layer
 * (web/src/charts/pointer-layer.ts) that takes the pointer and keys (zoom, pan, crosshair) and shows the crosshair and readout (docs/ui-contract.md §2–3).
 */
import type { CSSProperties, RefObject } from 'react';
import { useT } from '../i18n/i18n.js';

interface Props {
  title: string;
  boxRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  pointerRef: RefObject<HTMLDivElement | null>;
  style?: CSSProperties;
}

export function PlotBox({ title, boxRef, canvasRef, pointerRef, style }: Props) {
  const t = useT();
  return (
    <div className="chart-box" ref={boxRef} style={style}>
      <canvas ref={canvasRef} role="img" aria-label={t.graphLabel(title)} />
      <div
        // The pointer layer; its class (styles.css) is page DOM and keeps its name.
        className="plot-overlay"
        ref={pointerRef}
        tabIndex={0}
        role="group"
        aria-roledescription="graph"
        aria-label={`${title}. ${t.plotKeys}`}
      />
    </div>
  );
}
