/**
 * A heatmap's rows, pure (no DOM): binned to the pixel rows there are, and the peak the disk heatmap's
 * colours go up to.
 */

/** The highest value of any row's `busy` from `firstRow` on (0 when none): the disk heatmap's top colour. */
export function peakOf(rows: readonly { busy: ArrayLike<number> }[], firstRow: number): number {
  let max = 0;
  for (const r of rows) for (let i = firstRow; i < r.busy.length; i++) if (r.busy[i]! > max) max = r.busy[i]!;
  return max;
}

/**
 * Grid rows binned to at most `out` rows, each the highest of its rows (NaN when all of them are); the grid
 * itself when it has no more rows than that.
 */
export function binRows(values: Float32Array, rows: number, columns: number, out: number): { values: Float32Array; rows: number } {
  if (rows <= out || out < 1) return { values, rows };
  const binned = new Float32Array(out * columns).fill(NaN);
  for (let r = 0; r < rows; r++) {
    const b = Math.min(out - 1, Math.floor((r * out) / rows));
    for (let c = 0; c < columns; c++) {
      const v = values[r * columns + c]!;
      const at = b * columns + c;
      if (v === v && !(binned[at]! >= v)) binned[at] = v;
    }
  }
  return { values: binned, rows: out };
}
