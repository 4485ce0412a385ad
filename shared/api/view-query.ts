/**
 * A report page's URL query from viewer options, for links the server and the CLI make (the upload's
 * `url`, an offline report's initial view). Names and meanings: docs/ui-contract.md item 5; the web app
 * parses and keeps the query itself (shared/view/view-state.ts). Only options that are set are written,
 * in the contract's order.
 */
export interface ViewQueryOptions {
  /** 1-based run. */
  run?: number;
  /** Seconds cut from the start, and kept after it (0 = to the end). */
  offset?: number;
  duration?: number;
  /** px per graph (the viewer takes 100–1200). */
  height?: number;
  /** Graphs per row, 1–4. */
  cols?: number;
  /** Y upper limits: bytes/s, /s, bytes/s; 0 = automatic. */
  diskMax?: number;
  iopsMax?: number;
  netMax?: number;
  x?: 'time' | 'elapsed';
}

const ORDER = ['run', 'offset', 'duration', 'height', 'cols', 'diskMax', 'iopsMax', 'netMax', 'x'] as const;

/** `?height=192&x=elapsed`, or '' when no option is set. */
export function viewQuery(options: ViewQueryOptions): string {
  const parts: string[] = [];
  for (const name of ORDER) {
    const value = options[name];
    if (value !== undefined) parts.push(`${name}=${encodeURIComponent(String(value))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
