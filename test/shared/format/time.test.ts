/**
 * Times for people (shared/format/time.ts): the recording host's wall clock as recorded (floating ms read
 * with UTC getters), durations and elapsed clocks, and time-axis tick labels.
 */
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDateTime,
  formatDuration,
  formatElapsed,
  formatMonthDay,
  formatTimeTick,
  zoneLabel,
} from '../../../shared/format/time.js';

// 2026-03-04 05:06:07.890 as recorded (floating: written as if UTC).
const T = Date.UTC(2026, 2, 4, 5, 6, 7, 890);
const DAY = 86_400_000;

describe('wall-clock texts, as recorded', () => {
  it('date and time, zero-padded, months counted from 1', () => {
    expect(formatDateTime(T)).toBe('2026-03-04 05:06:07');
    expect(formatDateTime(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
    expect(formatDateTime(NaN)).toBe('–');
    expect(formatDateTime(Infinity)).toBe('–');
  });

  it('clock with or without seconds, and month-day', () => {
    expect(formatClock(T)).toBe('05:06:07');
    expect(formatClock(T, false)).toBe('05:06');
    expect(formatMonthDay(T)).toBe('03-04');
  });

  it('the zone as recorded, or a note when none was', () => {
    expect(zoneLabel('JST')).toBe('JST');
    expect(zoneLabel('  ')).toBe('(zone not recorded)');
    expect(zoneLabel('')).toBe('(zone not recorded)');
  });
});

describe('formatDuration', () => {
  it('seconds below a minute, tenths below 10 s when not whole', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(1500)).toBe('1.5 s');
    expect(formatDuration(9000)).toBe('9 s');
    expect(formatDuration(9999)).toBe('10.0 s');
    expect(formatDuration(10_400)).toBe('10 s');
    expect(formatDuration(59_400)).toBe('59 s');
  });

  it('minutes and seconds, hours and minutes, days and hours, with the rest zero-padded', () => {
    expect(formatDuration(59_500)).toBe('1 min 00 s');
    expect(formatDuration(60_000)).toBe('1 min 00 s');
    expect(formatDuration(3_599_000)).toBe('59 min 59 s');
    expect(formatDuration(3_600_000)).toBe('1 h 00 min');
    expect(formatDuration(DAY - 60_000)).toBe('23 h 59 min');
    expect(formatDuration(DAY)).toBe('1 d 0 h');
    expect(formatDuration(3 * DAY + 4 * 3_600_000)).toBe('3 d 4 h');
    expect(formatDuration(3 * DAY + 4 * 3_600_000, 'ja')).toBe('3 日 4 時間');
    expect(formatDuration(98_000, 'ja')).toBe('1 分 38 秒');
    expect(formatDuration(5000, 'ja')).toBe('5 秒');
  });

  it('a dash for no duration or a negative one', () => {
    expect(formatDuration(-1)).toBe('–');
    expect(formatDuration(NaN)).toBe('–');
    expect(formatDuration(Infinity)).toBe('–');
  });
});

describe('formatElapsed', () => {
  it('hours, minutes and seconds from the origin, days apart, rounded to the second', () => {
    expect(formatElapsed(1_499)).toBe('00:00:01');
    expect(formatElapsed(1_500)).toBe('00:00:02');
    expect(formatElapsed(3_723_000)).toBe('01:02:03');
    expect(formatElapsed(DAY)).toBe('1d 00:00:00');
    expect(formatElapsed(DAY - 1000)).toBe('23:59:59');
    expect(formatElapsed(-3_723_000, false)).toBe('-01:02');
    expect(formatElapsed(NaN)).toBe('–');
  });

  it('tenths of a second when asked, never rounded up into the next second', () => {
    expect(formatElapsed(1_500, true, true)).toBe('00:00:01.5');
    expect(formatElapsed(1_960, true, true)).toBe('00:00:02.0');
    expect(formatElapsed(1_949, true, true)).toBe('00:00:01.9');
    expect(formatElapsed(-250, true, true)).toBe('-00:00:00.3');
    expect(formatElapsed(DAY + 100, true, true)).toBe('1d 00:00:00.1');
  });
});

describe('formatTimeTick', () => {
  it('month-day for steps of a day or more', () => {
    expect(formatTimeTick(T, DAY, undefined, 10 * DAY)).toBe('03-04');
  });

  it('the clock, with seconds below a minute step, tenths below a second', () => {
    expect(formatTimeTick(T, 60_000, undefined, 3_600_000)).toBe('05:06');
    expect(formatTimeTick(T, 59_999, undefined, 3_600_000)).toBe('05:06:07');
    expect(formatTimeTick(T, 1000, undefined, 3_600_000)).toBe('05:06:07');
    expect(formatTimeTick(T, 500, undefined, 3_600_000)).toBe('05:06:07.8');
    // Before 1970 the tenths are still those of the second shown.
    expect(formatTimeTick(-100, 500, undefined, 3_600_000)).toBe('23:59:59.9');
  });

  it('adds the date where the day changes when the window spans a day or more', () => {
    expect(formatTimeTick(T, 3_600_000, undefined, DAY - 1)).toBe('05:06');
    expect(formatTimeTick(T, 3_600_000, undefined, DAY)).toEqual(['05:06', '03-04']);
    expect(formatTimeTick(T, 3_600_000, T - 3_600_000, DAY)).toBe('05:06');
    expect(formatTimeTick(T, 3_600_000, T - 6 * 3_600_000, 2 * DAY)).toEqual(['05:06', '03-04']);
  });
});
