/**
 * Selection (Hoare's quickselect): the k-th smallest (0-based) of a[0, n) in O(n), reordering a[from, n)
 * only. `from` ≤ k, and every value of a[0, from) must be ≤ every value of a[from, n) (a previous selection
 * at rank `from` leaves the array so, which lets several ranks be selected from one copy in ascending order).
 * Afterwards a[0, k) ≤ a[k] ≤ a(k, n). The values must not be NaN.
 */
export function selectKth(a: Float64Array, n: number, k: number, from = 0): number {
  let lo = from;
  let hi = n - 1;
  while (hi > lo) {
    // Median of three as the pivot: sorted and constant runs (idle disks: all zero) stay linear.
    const mid = (lo + hi) >>> 1;
    const x = a[lo]!;
    const y = a[mid]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}
