/**
 * Memory for the columns the rules derive over a run (sums, conditions, prefix sums, copies to select
 * from), reused from run to run. A fresh typed array of a run's length costs more than the passes over it —
 * its pages come zeroed from the OS, a fault per 4 KB: ~50 µs of CPU and ~90 µs of wall time for 11,000
 * samples, more than summing two columns — and each live ArrayBuffer slows every young-generation GC
 * (shared/dstat/column-store.ts keeps a run's columns in one buffer for the same reason). So a run's derived
 * columns are slices of one buffer, handed out in order and taken back together when its findings are made;
 * the buffer is kept for the next run up to RETAIN_BYTES.
 *
 * Contract: a slice lives until `release`; what `floats` and `ints` hand out holds anything until written
 * (the caller writes every element it reads), `flags` are zeroed.
 */

/** Most bytes kept between runs (a 100k-sample run's derived columns fit). */
const RETAIN_BYTES = 32 * 1024 * 1024;

/** The buffer of the last run, free for the next (null while a run holds it). */
let spare: ArrayBuffer | null = null;

export class Arena {
  private buffer: ArrayBuffer;
  private used = 0;

  /** `hintBytes`: what the run is expected to need (more is allocated when it needs more). */
  constructor(hintBytes: number) {
    const kept = spare;
    spare = null;
    this.buffer = kept && kept.byteLength >= hintBytes ? kept : new ArrayBuffer(Math.max(hintBytes, kept?.byteLength ?? 0));
  }

  /** n doubles (contents undefined until written). */
  floats(n: number): Float64Array {
    const at = this.take(8 * n);
    return new Float64Array(this.buffer, at, n);
  }

  /** n 32-bit integers (contents undefined until written). */
  ints(n: number): Int32Array {
    const at = this.take(4 * n);
    return new Int32Array(this.buffer, at, n);
  }

  /** n bytes, all 0. */
  flags(n: number): Uint8Array {
    const at = this.take(n);
    return new Uint8Array(this.buffer, at, n).fill(0);
  }

  /** Every slice handed out is done with: the buffer goes back for the next run (if not too big). */
  release(): void {
    if (this.buffer.byteLength <= RETAIN_BYTES && !(spare && spare.byteLength >= this.buffer.byteLength)) spare = this.buffer;
    this.used = 0;
  }

  /** Byte offset of a new slice (8-aligned) in `buffer`, which is a new one twice as big when this one is full: read `buffer` after. */
  private take(bytes: number): number {
    const size = Math.ceil(bytes / 8) * 8;
    if (this.used + size > this.buffer.byteLength) {
      this.buffer = new ArrayBuffer(Math.max(2 * this.buffer.byteLength, size));
      this.used = 0;
    }
    const at = this.used;
    this.used += size;
    return at;
  }
}
