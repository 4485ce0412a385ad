/**
 * The header block every producer writes before its samples:
 *   "Dstat 0.7.2 CSV output"                          title (absent in appended runs)
 *   "Author:","Dag Wieers <dag@wieers.com>",,,,"URL:",…
 *   "Host:","vm",,,,"User:","root"
 *   "Cmdline:","dstat -tfvnrl --output f.csv 1",,,,"Date:","29 Nov 2026 20:45:49 UTC"
 *   (a blank line up to 0.7.2)
 *   "system","procs",,,"memory usage",…              group row: a name where each group starts
 *   "time","run","blk","new","used",…                 column row (`group:col` in 0.7.3+, pcp-dstat)
 */
import { parseTitle } from './producer.js';

export interface MetaFields {
  title: string;
  author: string;
  host: string;
  user: string;
  cmdline: string;
  date: string;
}

export function emptyMeta(): MetaFields {
  return { title: '', author: '', host: '', user: '', cmdline: '', date: '' };
}

const META_KEYS: Record<string, keyof MetaFields> = {
  'Author:': 'author',
  'Host:': 'host',
  'User:': 'user',
  'Cmdline:': 'cmdline',
  'Date:': 'date',
};

/** True when `fields` is a title or `Key:` metadata line. */
export function isMetaLine(fields: readonly string[]): boolean {
  const first = fields[0] ?? '';
  return first in META_KEYS || first === 'URL:' || parseTitle(first) !== null;
}

/** Copy the values of a metadata line into `meta` (`"Host:","vm",,,,"User:","root"`). */
export function readMetaLine(fields: readonly string[], meta: MetaFields): void {
  if (parseTitle(fields[0] ?? '')) {
    meta.title = fields[0]!.trim();
    return;
  }
  for (let i = 0; i + 1 < fields.length; i++) {
    const key = META_KEYS[fields[i]!];
    if (key) meta[key] = fields[i + 1]!.trim();
  }
}

export interface HeaderColumn {
  /** Group as written (`dsk/vda`, `total usage`), '' before the first group name. */
  group: string;
  /** Column as written (`dsk/vda:read`, `read`). */
  column: string;
}

/**
 * Pair each column with its group: a group name stands in the group row above its first column, the
 * following columns of the group have empty cells. Trailing empty cells (a trailing comma) are not columns.
 */
export function layoutColumns(groupRow: readonly string[], columnRow: readonly string[]): HeaderColumn[] {
  let width = columnRow.length;
  while (width > 1 && columnRow[width - 1]!.trim() === '') width--;
  const columns: HeaderColumn[] = [];
  let group = '';
  for (let i = 0; i < width; i++) {
    const g = (groupRow[i] ?? '').trim();
    if (g !== '') group = g;
    columns.push({ group, column: columnRow[i]!.trim() });
  }
  return columns;
}
