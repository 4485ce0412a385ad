/**
 * Times in dstat files. No producer writes the year in its default time column; only the `Date:` line has
 * one, so the year comes from there and rolls over when the month goes backwards (Dec 31 → Jan 1).
 * Everything here is "floating" wall-clock time: ms since 1970-01-01 as if the host's clock were UTC.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MS_PER_DAY = 86_400_000;

export function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase());
}

export interface DateLine {
  /** Floating wall-clock ms of the `Date:` instant. */
  wall: number;
  year: number;
  /** As written: `UTC`, `JST`, `CEST`, `-03`, `+0530`; '' when absent. */
  zone: string;
}

const DATE_LINE = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}) (\d{1,2}):(\d{2}):(\d{2})(?:\s+(\S.*))?$/;

/** `29 Nov 2026 20:45:49 UTC` (strftime `%d %b %Y %H:%M:%S %Z`, C locale); null if not that. */
export function parseDateLine(text: string): DateLine | null {
  const m = DATE_LINE.exec(text.trim());
  if (!m) return null;
  const month = monthIndex(m[2]!);
  if (month < 0) return null;
  const year = Number(m[3]);
  const wall = Date.UTC(year, month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
  return Number.isNaN(wall) ? null : { wall, year, zone: (m[7] ?? '').trim() };
}

/** Offset of a zone written as a number (`-03`, `+0530`, `+05:30`) or UTC/GMT/Z, in ms; null otherwise. */
export function numericZoneOffset(zone: string): number | null {
  if (/^(UTC|GMT|Z|UCT)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return (m[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** A time cell read into its parts; the year may be unknown (-1). Month is 0-based. */
interface TimeParts {
  year: number;
  month: number;
  day: number;
  ms: number; // ms since midnight
}

export interface TimeFormat {
  /** Shown in the dialect report. */
  name: string;
  /** Parts of one cell, or null when the cell does not have this format. */
  read(cell: string): TimeParts | null;
}

function clock(h: string, mi: string, s: string, frac: string | undefined): number {
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s);
  if (hours > 23 || minutes > 59 || seconds > 60) return NaN;
  const fraction = frac ? Number('0.' + frac) : 0;
  return ((hours * 60 + minutes) * 60 + seconds + fraction) * 1000;
}

function parts(year: number, month: number, day: number, ms: number): TimeParts | null {
  if (!(month >= 0 && month < 12 && day >= 1 && day <= 31 && ms === ms)) return null;
  return { year, month, day, ms };
}

const CLOCK = '(\\d{1,2}):(\\d{2}):(\\d{2})(?:[.,](\\d{1,6}))?';

function format(name: string, pattern: string, pick: (m: RegExpExecArray) => TimeParts | null): TimeFormat {
  const re = new RegExp(`^\\s*${pattern}\\s*$`);
  return {
    name,
    read(cell) {
      const m = re.exec(cell);
      return m ? pick(m) : null;
    },
  };
}

/** The time formats dstat producers write, most common first. `DSTAT_TIMEFMT`/`DOOL_TIMEFMT` give the rest. */
export const TIME_FORMATS: readonly TimeFormat[] = [
  // dstat, pcp-dstat: '%d-%m %H:%M:%S'
  format('dd-mm HH:MM:SS', `(\\d{1,2})-(\\d{1,2}) ${CLOCK}`, (m) =>
    parts(-1, Number(m[2]) - 1, Number(m[1]), clock(m[3]!, m[4]!, m[5]!, m[6])),
  ),
  // dool: '%b-%d %H:%M:%S'
  format('Mon-dd HH:MM:SS', `([A-Za-z]{3})-(\\d{1,2}) ${CLOCK}`, (m) =>
    parts(-1, monthIndex(m[1]!), Number(m[2]), clock(m[3]!, m[4]!, m[5]!, m[6])),
  ),
  // custom formats with a year first: 2026-11-29 20:52:12, 2026/11/30 05:52:12, 2026-11-29T20:52:12
  format('YYYY-mm-dd HH:MM:SS', `(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})[ T]${CLOCK}`, (m) =>
    parts(Number(m[1]), Number(m[2]) - 1, Number(m[3]), clock(m[4]!, m[5]!, m[6]!, m[7])),
  ),
  // custom with the year last: 29/11/2026 20:52:12 (day first, as dstat's own default order)
  format('dd/mm/YYYY HH:MM:SS', `(\\d{1,2})[-/.](\\d{1,2})[-/.](\\d{4})[ T]${CLOCK}`, (m) =>
    parts(Number(m[3]), Number(m[2]) - 1, Number(m[1]), clock(m[4]!, m[5]!, m[6]!, m[7])),
  ),
  // custom: 'Nov 29 20:45:49' or '29 Nov 20:45:49'
  format('Mon dd HH:MM:SS', `([A-Za-z]{3}) (\\d{1,2}) ${CLOCK}`, (m) =>
    parts(-1, monthIndex(m[1]!), Number(m[2]), clock(m[3]!, m[4]!, m[5]!, m[6])),
  ),
  format('dd Mon HH:MM:SS', `(\\d{1,2}) ([A-Za-z]{3}) ${CLOCK}`, (m) =>
    parts(-1, monthIndex(m[2]!), Number(m[1]), clock(m[3]!, m[4]!, m[5]!, m[6])),
  ),
  // custom: time of day only
  format('HH:MM:SS', CLOCK, (m) => parts(-1, -2, 0, clock(m[1]!, m[2]!, m[3]!, m[4]))),
];

/** The first format that reads `cell`. */
export function detectTimeFormat(cell: string): TimeFormat | null {
  return TIME_FORMATS.find((f) => f.read(cell) !== null) ?? null;
}

/**
 * Turns cells of one time format into floating ms, in file order, supplying what the cells lack: the year
 * (from `Date:`, rolled over when the month goes backwards) and, for time-of-day formats, the date (from
 * `Date:`, rolled over when the clock goes backwards).
 */
export class WallClock {
  private year: number;
  private lastMonth = -1;
  private dayBase: number; // floating ms of the current day's midnight, for time-of-day formats
  private lastMs = -1;

  constructor(
    private readonly fmt: TimeFormat,
    /** The `Date:` instant (floating ms), or NaN when the run has none. */
    private readonly dateWall: number,
    firstCell: string,
    fallbackYear: number,
  ) {
    const dateYear = Number.isNaN(dateWall) ? fallbackYear : new Date(dateWall).getUTCFullYear();
    this.year = this.bestYear(firstCell, dateYear);
    this.dayBase = Number.isNaN(dateWall) ? 0 : Math.floor(dateWall / MS_PER_DAY) * MS_PER_DAY;
  }

  /**
   * The year of the first sample: `Date:` is written just before it, so it is the latest year that does not
   * put the sample more than a day after `Date:` (Date: 31 Dec 23:59:59, first sample 01-01 → next year;
   * pcp-dstat replaying an archive: Date: is the replay time, the samples are older → this year or last).
   */
  private bestYear(cell: string, dateYear: number): number {
    const p = this.fmt.read(cell);
    if (!p || p.year >= 0 || p.month < 0 || Number.isNaN(this.dateWall)) return dateYear;
    for (const y of [dateYear + 1, dateYear, dateYear - 1]) {
      if (Date.UTC(y, p.month, p.day) + p.ms <= this.dateWall + MS_PER_DAY) return y;
    }
    return dateYear;
  }

  /** Floating ms of the cell, or NaN when it does not have the format. */
  toMs(cell: string): number {
    const p = this.fmt.read(cell);
    if (!p) return NaN;
    if (p.month === -2) {
      // time of day only: advance a day when the clock goes backwards by more than an hour
      if (this.lastMs >= 0 && p.ms < this.lastMs - 3_600_000) this.dayBase += MS_PER_DAY;
      this.lastMs = p.ms;
      return this.dayBase + p.ms;
    }
    let year = p.year;
    if (year < 0) {
      if (this.lastMonth >= 0 && p.month < this.lastMonth) this.year++;
      this.lastMonth = p.month;
      year = this.year;
    }
    return Date.UTC(year, p.month, p.day) + p.ms;
  }

  /** The year assumed for the first sample. */
  get firstYear(): number {
    return this.year;
  }
}

/** Epoch seconds (`1795985435.366`, pcp-dstat's `1795985581`); NaN otherwise. */
export function parseEpoch(cell: string): number {
  if (cell === '') return NaN;
  const s = Number(cell);
  return s > 0 && s < 1e11 ? s * 1000 : NaN;
}

/**
 * Offset (ms) that turns epoch instants into the host's wall clock: from a numeric zone when `Date:` has
 * one, else from the distance between `Date:` (written just before the first sample) and the first
 * epoch sample, rounded to 15 minutes. Null when it cannot be known.
 */
export function epochOffset(date: DateLine | null, firstEpochMs: number): number | null {
  if (!date) return null;
  const numeric = numericZoneOffset(date.zone);
  if (numeric !== null) return numeric;
  if (!(firstEpochMs === firstEpochMs)) return null;
  const quarter = 15 * 60_000;
  const offset = Math.round((date.wall - firstEpochMs) / quarter) * quarter;
  return Math.abs(offset) <= 14 * 3_600_000 ? offset : null;
}

/** Floating ms as ISO 8601 local time without a zone: `2026-11-29T20:45:49` (`.366` when not whole). */
export function floatingIso(ms: number): string {
  const iso = new Date(ms).toISOString(); // floating time: the UTC fields are the host's wall clock
  return ms % 1000 === 0 ? iso.slice(0, 19) : iso.slice(0, 23);
}
