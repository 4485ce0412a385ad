/**
 * Very wide dstat logs made from a real fixture's shape (never committed: megabytes): its preamble, its
 * header rows and its first data rows, with one group made wider or one device group repeated. The header
 * rows of the fixtures hold no commas inside quotes, so a plain split of those rows is exact.
 */
import { readFixture } from './fixtures.js';

interface Shape {
  preamble: string[];
  groups: string[];
  columns: string[];
  rows: string[][];
}

function shapeOf(fixture: string, rows: number): Shape {
  const lines = readFixture(fixture).split('\n');
  const at = lines.findIndex((l) => l.startsWith('"system"'));
  if (at < 0) throw new Error(`${fixture}: no header rows`);
  const data = lines.slice(at + 2).filter((l) => l.trim() !== '').slice(0, rows);
  return { preamble: lines.slice(0, at), groups: lines[at]!.split(','), columns: lines[at + 1]!.split(','), rows: data.map((l) => l.split(',')) };
}

/** The cells [start, end) of the group named `group` (its quoted name in the group row). */
function span(s: Shape, group: string): [number, number] {
  const start = s.groups.indexOf(JSON.stringify(group));
  if (start < 0) throw new Error(`no group ${group}`);
  let end = start + 1;
  while (end < s.groups.length && s.groups[end] === '') end++;
  return [start, end];
}

function text(s: Shape): string {
  return [...s.preamble, s.groups.join(','), s.columns.join(','), ...s.rows.map((r) => r.join(','))].join('\n') + '\n';
}

function splice(s: Shape, start: number, end: number, groups: string[], columns: string[], cell: (row: string[], k: number) => string): string {
  return text({
    preamble: s.preamble,
    groups: [...s.groups.slice(0, start), ...groups, ...s.groups.slice(end)],
    columns: [...s.columns.slice(0, start), ...columns, ...s.columns.slice(end)],
    rows: s.rows.map((r) => [...r.slice(0, start), ...columns.map((_, k) => cell(r, k)), ...r.slice(end)]),
  });
}

/** `fixture` with its group `group` widened to `width` columns (its own columns and values, over and over). */
export function widenGroup(fixture: string, group: string, width: number, rows = 13): string {
  const s = shapeOf(fixture, rows);
  const [start, end] = span(s, group);
  const w = end - start;
  const groups = Array.from({ length: width }, (_, k) => (k === 0 ? s.groups[start]! : ''));
  const columns = Array.from({ length: width }, (_, k) => s.columns[start + (k % w)]!);
  return splice(s, start, end, groups, columns, (r, k) => r[start + (k % w)] ?? '');
}

/** `fixture` with its device group `group` (e.g. `dsk/vda`) repeated as `count` devices `sd0` … (its values each). */
export function repeatDevice(fixture: string, group: string, count: number, rows = 13): string {
  const s = shapeOf(fixture, rows);
  const [start, end] = span(s, group);
  const device = group.slice(group.indexOf('/') + 1);
  const groups: string[] = [];
  const columns: string[] = [];
  for (let d = 0; d < count; d++) {
    for (let c = start; c < end; c++) {
      groups.push(c === start ? JSON.stringify(group.replace(device, `sd${d}`)) : '');
      columns.push(s.columns[c]!.replace(device, `sd${d}`));
    }
  }
  const w = end - start;
  return splice(s, start, end, groups, columns, (r, k) => r[start + (k % w)] ?? '');
}
