/**
 * A least-recently-used map bounded by the total weight (bytes) of its values: the oldest entries go when
 * a new one would pass the budget. A value heavier than the whole budget is not kept at all.
 */
export class WeightedLru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(private readonly budget: number) {}

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Map keeps insertion order: re-inserting makes it the most recent.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: K, value: V, weight: number): void {
    this.delete(key);
    if (weight > this.budget) return;
    for (const [k, e] of this.entries) {
      if (this.total + weight <= this.budget) break;
      this.entries.delete(k);
      this.total -= e.weight;
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
  }

  delete(key: K): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.weight;
  }

  /** Every value, least recent first, without changing the order. */
  *values(): IterableIterator<V> {
    for (const e of this.entries.values()) yield e.value;
  }

  get weight(): number {
    return this.total;
  }
}
