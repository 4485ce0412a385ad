/**
 * The texts drawn into an image of a chart (the page's PNG download, the server's images and exports), so
 * that a PNG pasted into a slide or a ticket says what it shows: the chart's title; the host and the file;
 * the time range as recorded with its zone and length; the unit as the y axis title.
 */
import { unitCaption } from '../format/number.js';
import { formatDateTime, formatDuration, formatClock, zoneLabel } from '../format/time.js';
import type { ImageTexts } from './line-config.js';

export interface ImageTextsInput {
  /** The chart's heading, in the reader's language. */
  title: string;
  /** The chart's unit (`bytes/s`, `%` …). */
  unit: string;
  host: string;
  fileName: string;
  /** The drawn window (floating wall-clock ms). */
  t0: number;
  t1: number;
  timezone: string;
  lang?: 'en' | 'ja';
  /** The view's `smooth` (samples of the centred moving average drawn; 1 or absent = the samples). */
  smooth?: number;
}

/** What an image says of smoothed lines, so a pasted PNG does not pass for the samples. */
function smoothNote(n: number, lang: 'en' | 'ja'): string {
  return lang === 'ja' ? `${n} サンプルの中心移動平均` : `centred moving average of ${n} samples`;
}

export function imageTexts(o: ImageTextsInput): ImageTexts {
  const lang = o.lang ?? 'en';
  const sameDay = Math.floor(o.t0 / 86400e3) === Math.floor(o.t1 / 86400e3);
  const end = sameDay ? formatClock(o.t1) : formatDateTime(o.t1);
  const where = [o.host.trim(), o.fileName.trim()].filter((s) => s !== '').join(' — ');
  const smoothed = o.smooth !== undefined && o.smooth > 1 ? ` · ${smoothNote(Math.floor(o.smooth), lang)}` : '';
  const range = `${formatDateTime(o.t0)} – ${end} ${zoneLabel(o.timezone)} (${formatDuration(o.t1 - o.t0, lang)})${smoothed}`;
  return {
    title: o.title,
    subtitle: where ? [where, range] : [range],
    unit: unitCaption(o.unit, lang),
  };
}

/** The texts of an image of a run's chart over a window (the run's host, file and zone). */
export function runImageTexts(
  title: string,
  unit: string,
  run: { meta: { host: string; timezone: string }; fileName: string },
  window: { t0: number; t1: number },
  lang?: 'en' | 'ja',
  smooth?: number,
): ImageTexts {
  return imageTexts({
    title,
    unit,
    host: run.meta.host,
    fileName: run.fileName,
    t0: window.t0,
    t1: window.t1,
    timezone: run.meta.timezone,
    ...(lang ? { lang } : {}),
    ...(smooth !== undefined ? { smooth } : {}),
  });
}
