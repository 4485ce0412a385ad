/**
 * The time axis of one run: time cells (`-t`, `-T`) or, when there is no time column or it is in an
 * unknown format, sample numbers × the delay, from `Date:`. Times are floating wall-clock ms (types.ts).
 */
import { quote } from './issues.js';
import type { RunBlock, RunContext } from './run-context.js';
import { detectTimeFormat, epochOffset, parseDateLine, parseEpoch, WallClock, type TimeFormat } from './time.js';
import type { TimeSource } from './types.js';

/** Turns time cells, or sample numbers when there is no time column, into floating ms. */
export class TimeReader {
  readonly formatName: string;
  /** Where times come from: the time column, or sample numbers when there is none or it is unreadable. */
  readonly source: TimeSource;
  private readonly clock: WallClock | null;
  private readonly offset: number;
  private readonly start: number;
  private readonly step: number;
  private readonly dateWall: number;

  constructor(
    private readonly block: RunBlock,
    private readonly ctx: RunContext,
    private readonly kind: 'time' | 'epoch' | null,
    firstCell: string,
  ) {
    const date = parseDateLine(block.meta.date);
    this.dateWall = date?.wall ?? NaN;
    this.step = (block.delaySeconds > 0 ? block.delaySeconds : 1) * 1000;
    this.start = date?.wall ?? 0;
    this.clock = null;
    this.offset = 0;
    const fmt: TimeFormat | null = kind === 'time' ? detectTimeFormat(firstCell) : null;
    this.source = kind === 'epoch' || fmt ? kind! : 'sample';
    if (fmt) {
      this.formatName = fmt.name;
      this.clock = new WallClock(fmt, this.dateWall, firstCell, date?.year ?? ctx.fallbackYear);
      if (!date) ctx.issues.warn(block.firstLine + 1, `run ${block.index} has no Date: line: the year ${ctx.fallbackYear} is assumed`);
    } else if (kind === 'epoch') {
      this.formatName = 'epoch seconds';
      const off = epochOffset(date, parseEpoch(firstCell));
      if (off === null) {
        ctx.issues.warn(block.firstLine + 1, `run ${block.index}: the host's time zone is unknown (no usable Date: line): epoch times are shown in UTC`);
      }
      this.offset = off ?? 0;
    } else {
      this.formatName = '';
      const why =
        kind === 'time'
          ? `its time column is in a format dstatview does not know (${quote(firstCell)})`
          : 'it has no time column (-t or -T)';
      ctx.issues.add(
        kind === 'time' ? 'warning' : 'info',
        block.columnLine + 1,
        `run ${block.index}: ${why}: times are the sample number × ${this.step / 1000} s` + (date ? ' from the Date: line' : ' from 0'),
      );
    }
  }

  ofCell(cell: string): number {
    if (this.kind === 'epoch') return parseEpoch(cell) + this.offset;
    return this.clock ? this.clock.toMs(cell) : NaN;
  }

  ofSample(n: number): number {
    return this.start + n * this.step;
  }

  /** Warn when the samples do not start near `Date:` (e.g. pcp-dstat replaying an old archive). */
  check(time: Float64Array): void {
    if (this.source !== 'time' || !(this.dateWall === this.dateWall) || time.length === 0) return;
    const days = Math.abs(time[0]! - this.dateWall) / 86_400_000;
    if (days > 1) {
      this.ctx.issues.warn(
        this.block.dataStart + 1,
        `run ${this.block.index}: the first sample is ${Math.round(days)} days from the Date: line (a replayed archive?): the year ${new Date(time[0]!).getUTCFullYear()} is a guess`,
      );
    }
  }
}

