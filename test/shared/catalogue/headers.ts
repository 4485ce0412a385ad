/**
 * Test helper: the series list a run of a fixture has, read from the file's own two header rows (group row,
 * column row) the way dstat writes them: group names fill forward, `group:` prefixes are dropped. Names are
 * left as written (pcp-dstat's `total usage`, `buf`) so the catalogue's alternative spellings are tested too.
 * Units are the classic dstat ones by group; text columns are the top-* plugins'.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SeriesInfo } from '../../../shared/catalogue/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export function splitHeader(line: string): string[] {
  const out: string[] = [];
  const re = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    out.push(m[2] !== undefined ? m[2].replace(/""/g, '"') : m[1]!);
    if (m[3] === '') break;
  }
  return out;
}

function unitOf(group: string, column: string): string {
  if (/^(dsk|net)\//.test(group) || group === 'paging') return 'bytes/s';
  if (group.startsWith('io/')) return '/s';
  if (/cpu\d* usage$|^total usage$/.test(group)) return '%';
  if (/memory usage$/.test(group) || group === 'swap') return 'bytes';
  if (group === 'procs') return column === 'new' ? '/s' : 'count';
  if (group === 'system') return '/s';
  if (group === 'load avg') return '';
  return 'count';
}

/** Group and column rows of the first run, as `[group, column][]` without the time column. */
export function headerColumns(file: string): [string, string][] {
  const lines = readFileSync(FIXTURES + file, 'utf8').split('\n');
  // The column row starts with the time column; so does the group row of `-T` files (`"epoch","epoch"`).
  const timeCol = /^"(time|date\/time|epoch)"/;
  let at = lines.findIndex((l, i) => i > 0 && timeCol.test(l));
  if (at < 1) throw new Error(`${file}: no header rows`);
  if (timeCol.test(lines[at + 1] ?? '')) at++;
  const groups = splitHeader(lines[at - 1]!);
  const columns = splitHeader(lines[at]!);
  const out: [string, string][] = [];
  let group = '';
  for (let i = 1; i < columns.length; i++) {
    if (groups[i]) group = groups[i]!;
    const raw = columns[i]!;
    out.push([group, raw.startsWith(`${group}:`) ? raw.slice(group.length + 1) : raw]);
  }
  return out;
}

/** Series infos from `[group, column]` pairs, ids made unique with `#2` as the parser does. */
export function seriesFrom(pairs: readonly (readonly [string, string])[]): SeriesInfo[] {
  const seen = new Map<string, number>();
  return pairs.map(([group, column]) => {
    const base = `${group}/${column}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const text = group.startsWith('most expensive');
    return {
      id: n === 1 ? base : `${base}#${n}`,
      group,
      column,
      unit: text ? 'text' : unitOf(group, column),
      kind: text ? 'text' : 'number',
    };
  });
}

export function fixtureSeries(file: string): SeriesInfo[] {
  return seriesFrom(headerColumns(file));
}
