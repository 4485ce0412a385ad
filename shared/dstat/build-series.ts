/** Name, unit and scale each column of a run: the series the graphs and statistics are made of. */
import type { HeaderColumn } from './header.js';
import { normaliseColumn, normaliseGroup, stripGroupPrefix, timeColumnKind, unitOf } from './names.js';
import type { RowReader } from './row-reader.js';
import type { RunBlock } from './run-context.js';
import type { NumericSeries, Series, TextSeries } from './types.js';

export interface BuiltSeries {
  list: Series[];
  conversionsUsed: Set<string>;
  unknown: string[];
}

/** Name, unit and scale each column; ids are `group/column`, made unique with `#2`, `#3`… */
export function buildSeries(block: RunBlock, header: readonly HeaderColumn[], timeCol: number, reader: RowReader): BuiltSeries {
  const list: Series[] = [];
  const used = new Set<string>();
  const ids = new Map<string, number>();
  const unknown: string[] = [];
  const groupColumns = columnsByGroupStart(header);
  header.forEach((h, c) => {
    if (c === timeCol || timeColumnKind(h.group, h.column)) return;
    const rawColumn = stripGroupPrefix(h.group, h.column);
    const group = normaliseGroup(h.group, groupColumns[c]!);
    const column = normaliseColumn(group, rawColumn);
    if (column === '') {
      unknown.push(`${group}/(column ${c + 1} has no name)`);
      return;
    }
    const seen = ids.get(`${group}/${column}`) ?? 0;
    ids.set(`${group}/${column}`, seen + 1);
    const id = seen === 0 ? `${group}/${column}` : `${group}/${column}#${seen + 1}`;
    const csvColumn = c + 1;
    const texts = reader.textColumn(c);
    if (texts) {
      // literal objects, not a spread of a shared base: the spread cost ~15 µs a series (files of
      // thousands of runs have hundreds of thousands of series)
      list.push({ id, group, column, csvColumn, unit: 'text', kind: 'text', values: texts } satisfies TextSeries);
      return;
    }
    const values = reader.numericColumn(c)!;
    const unit = unitOf(group, column);
    if (unit === '' && group !== 'load avg') unknown.push(`${group}/${column}`);
    for (const conv of block.conversions) {
      if (!conv.groups.test(group) || (conv.columns && !conv.columns.test(column))) continue;
      for (let i = 0; i < values.length; i++) values[i]! *= conv.factor;
      used.add(conv.reason);
    }
    reader.reportBadCells(c, id);
    list.push({ id, group, column, csvColumn, unit, kind: 'number', values } satisfies NumericSeries);
  });
  return { list, conversionsUsed: used, unknown };
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
