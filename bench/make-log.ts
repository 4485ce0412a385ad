/**
 * Big realistic dstat logs for benchmarks, made from a real one (as the team's tools/extend-dstat-csv.py extends one):
 * the header and the real rows first, then rows 2..n (not the since-boot row) again and again with times
 * that keep stepping by the source's interval, every number scaled by a seeded factor in [1-j, 1+j].
 * Classic `dd-mm HH:MM:SS` time column only.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TIME = /^(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

export const SOURCE_LOG = fileURLToPath(new URL('../test/fixtures/d072_long_tfvnrl.csv', import.meta.url));

export interface MakeLogOptions {
  /** Stop at this many data rows… */
  rows?: number;
  /** …or once the file reaches about this many bytes. */
  bytes?: number;
  jitter?: number;
  seed?: number;
}

export function makeLog(source = readFileSync(SOURCE_LOG, 'utf8'), opts: MakeLogOptions): string {
  const lines = source.split('\n').filter((l) => l !== '');
  const firstData = lines.findIndex((l) => TIME.test(l.slice(0, l.indexOf(','))));
  const header = lines.slice(0, firstData);
  const body = lines.slice(firstData);
  const year = Number(/"Date:","\d+ \w+ (\d{4})/.exec(source)?.[1] ?? 2026);
  const timeOf = (row: string) => {
    const m = TIME.exec(row.slice(0, row.indexOf(',')))!;
    return Date.UTC(year, Number(m[2]) - 1, Number(m[1]), Number(m[3]), Number(m[4]), Number(m[5]));
  };
  const step = 1000;
  let t = timeOf(body[body.length - 1]!);
  let seed = opts.seed ?? 1;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const jitter = opts.jitter ?? 0.2;
  const out = [...header, ...body];
  let size = out.reduce((n, l) => n + l.length + 1, 0);
  let rows = body.length;
  const maxRows = opts.rows ?? Infinity;
  const maxBytes = opts.bytes ?? Infinity;
  for (let i = 1; rows < maxRows && size < maxBytes; i = i + 1 < body.length ? i + 1 : 1) {
    t += step;
    const cells = body[i]!.split(',');
    cells[0] = stamp(t);
    for (let c = 1; c < cells.length; c++) {
      const v = Number(cells[c]);
      if (cells[c] === '' || !Number.isFinite(v) || v === 0) continue;
      const scaled = v * (1 - jitter + 2 * jitter * random());
      cells[c] = cells[c]!.includes('.') ? scaled.toFixed(3) : String(Math.round(scaled));
    }
    const line = cells.join(',');
    out.push(line);
    size += line.length + 1;
    rows++;
  }
  return out.join('\n') + '\n';
}

function stamp(t: number): string {
  const d = new Date(t);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}
