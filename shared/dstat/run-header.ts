/**
 * A run's two header rows read once: its columns, its time column, and the series name and unit of every
 * other column (ids `group/column`, made unique with `#2`, `#3`…). Appended runs repeat the same header, so
 * it is kept by the rows' text and read once per file, not once per run: a file of thousands of one-row runs
 * would otherwise spend most of its time naming the same columns again (and keep a copy of every name).
 */
import { layoutColumns, type HeaderColumn } from './header.js';
import { normaliseColumn, normaliseGroup, stripGroupPrefix, timeColumnKind, unitOf } from './names.js';
import { tokenizeLine } from './tokenize.js';
import type { Unit } from './types.js';

export interface ColumnName {
  id: string;
  group: string;
  column: string;
  /** The unit when the column holds numbers (a column of text is `text` whatever its name). */
  unit: Unit;
  /** A numeric column dstatview has no unit for: listed among the unknown columns. */
  unknown: boolean;
}

export interface RunHeader {
  columns: HeaderColumn[];
  /** The time axis: `epoch` (-T) when present, it has the date and milliseconds; else `time` (-t). */
  timeCol: number;
  timeKind: 'time' | 'epoch' | null;
  /** Per column: its series name, or null for time columns and columns without a name. */
  names: (ColumnName | null)[];
  /** Columns without a name, as `group/(column N has no name)`. */
  unnamed: string[];
}

/** The header of the rows `groupLine`, `columnLine`, from `cache` when a run before had the same rows. */
export function runHeader(groupLine: string, columnLine: string, cache: Map<string, RunHeader>): RunHeader {
  const key = groupLine + '\n' + columnLine;
  let header = cache.get(key);
  if (!header) {
    header = readRunHeader(layoutColumns(tokenizeLine(groupLine) ?? [], tokenizeLine(columnLine) ?? []));
    cache.set(key, header);
  }
  return header;
}

function readRunHeader(columns: HeaderColumn[]): RunHeader {
  let timeCol = -1;
  let timeKind: 'time' | 'epoch' | null = null;
  columns.forEach((h, i) => {
    const k = timeColumnKind(h.group, h.column);
    if ((k === 'epoch' && timeKind !== 'epoch') || (k === 'time' && timeKind === null)) {
      timeCol = i;
      timeKind = k;
    }
  });
  const names: (ColumnName | null)[] = [];
  const unnamed: string[] = [];
  const ids = new Map<string, number>();
  const groupColumns = columnsByGroupStart(columns);
  columns.forEach((h, c) => {
    if (c === timeCol || timeColumnKind(h.group, h.column)) {
      names.push(null);
      return;
    }
    const group = normaliseGroup(h.group, groupColumns[c]!);
    const column = normaliseColumn(group, stripGroupPrefix(h.group, h.column));
    if (column === '') {
      unnamed.push(`${group}/(column ${c + 1} has no name)`);
      names.push(null);
      return;
    }
    const base = `${group}/${column}`;
    const seen = ids.get(base) ?? 0;
    ids.set(base, seen + 1);
    const unit = unitOf(group, column);
    names.push({ id: seen === 0 ? base : `${base}#${seen + 1}`, group, column, unit, unknown: unit === '' && group !== 'load avg' });
  });
  return { columns, timeCol, timeKind, names, unnamed };
}

/** For each column, the unprefixed names of all columns of its group (to recognise pcp-dstat's swap). */
function columnsByGroupStart(header: readonly HeaderColumn[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  header.forEach((h, i) => {
    if (i === 0 || h.group !== header[i - 1]!.group) current = [];
    current.push(stripGroupPrefix(h.group, h.column));
    out.push(current);
  });
  return out;
}
