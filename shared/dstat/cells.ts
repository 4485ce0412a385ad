/** Number of a cell; NaN when empty, blank or not a finite number. */
export function toNumber(cell: string): number {
  if (cell === '') return NaN;
  const v = +cell;
  if (v - v !== 0) return NaN; // NaN, ±Infinity
  const second = cell.charCodeAt(1) | 32;
  if (second === 120 || second === 98 || second === 111) return NaN; // 0x…, 0b…, 0o…: not dstat's
  if (v === 0 && cell.charCodeAt(0) <= 32 && cell.trim() === '') return NaN;
  return v;
}
