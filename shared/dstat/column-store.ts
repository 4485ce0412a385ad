/**
 * The numbers of one run as columns: the time and every numeric column live in ONE Float64Array per run
 * (column-major, one stretch of `capacity` rows per column), and the finished columns are views into one
 * buffer sized to the rows kept.
 *
 * Why one buffer and not one typed array per column: every live ArrayBuffer costs each young-generation
 * GC a little, so a file of thousands of one-row runs (appended `--output` runs, ~70 columns each) made
 * every scavenge slower than the last: the work per run grew with the runs read before it. With one buffer
 * per run it does not (bench/parse.bench.ts measures such a file against a normal log of the same size).
 * A consumer that needs a column's own bytes uses `values.byteOffset`/`byteLength`, never `values.buffer`
 * alone (it holds the whole run).
 */

export interface StoredColumns {
  time: Float64Array;
  lines: Int32Array;
  /** One view per numeric column, in the order of the store's column indices. */
  numeric: Float64Array[];
}

export class ColumnStore {
  rows = 0;
  private capacity: number;
  /** Slot 0 is the time; slot j + 1 numeric column j. Row r of slot s is at s × capacity + r. */
  private cells: Float64Array;
  private lineNumbers: Int32Array;

  constructor(
    private readonly columns: number,
    capacity: number,
  ) {
    this.capacity = Math.max(1, capacity);
    this.cells = new Float64Array((columns + 1) * this.capacity);
    this.lineNumbers = new Int32Array(this.capacity);
  }

  /** Start a row: its time and 1-based line; returns its index for `set`. */
  addRow(time: number, line: number): number {
    if (this.rows === this.capacity) this.grow();
    const r = this.rows++;
    this.cells[r] = time;
    this.lineNumbers[r] = line;
    return r;
  }

  set(column: number, row: number, value: number): void {
    this.cells[(column + 1) * this.capacity + row] = value;
  }

  time(row: number): number {
    return this.cells[row]!;
  }

  line(row: number): number {
    return this.lineNumbers[row]!;
  }

  /** The kept rows as views into one buffer of exactly their size (no copy when the store is full). */
  finish(): StoredColumns {
    const rows = this.rows;
    const cells = rows === this.capacity ? this.cells : this.repack(rows);
    const numeric: Float64Array[] = [];
    for (let j = 0; j < this.columns; j++) numeric.push(cells.subarray((j + 1) * rows, (j + 2) * rows));
    return { time: cells.subarray(0, rows), lines: this.lineNumbers.slice(0, rows), numeric };
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    this.cells = this.repack(capacity);
    const lines = new Int32Array(capacity);
    lines.set(this.lineNumbers);
    this.lineNumbers = lines;
    this.capacity = capacity;
  }

  /** The rows kept so far laid out with room for `capacity` rows per column. */
  private repack(capacity: number): Float64Array {
    const out = new Float64Array((this.columns + 1) * capacity);
    for (let s = 0; s <= this.columns; s++) {
      const from = s * this.capacity;
      out.set(this.cells.subarray(from, from + this.rows), s * capacity);
    }
    return out;
  }
}
