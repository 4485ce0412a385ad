/** The series of one run, named by its header (run-header.ts), scaled to classic dstat units. */
import type { RowReader } from './row-reader.js';
import type { RunBlock } from './run-context.js';
import type { RunHeader } from './run-header.js';
import type { NumericSeries, Series, TextSeries } from './types.js';

export interface BuiltSeries {
  list: Series[];
  conversionsUsed: Set<string>;
  unknown: string[];
}

export function buildSeries(block: RunBlock, header: RunHeader, reader: RowReader): BuiltSeries {
  const list: Series[] = [];
  const used = new Set<string>();
  const unknown = header.unnamed.slice();
  header.names.forEach((name, c) => {
    if (!name) return;
    const { id, group, column } = name;
    const csvColumn = c + 1;
    const texts = reader.textColumn(c);
    if (texts) {
      // literal objects, not a spread of a shared base: the spread cost ~15 µs a series (files of
      // thousands of runs have hundreds of thousands of series)
      list.push({ id, group, column, csvColumn, unit: 'text', kind: 'text', values: texts } satisfies TextSeries);
      return;
    }
    const values = reader.numericColumn(c)!;
    if (name.unknown) unknown.push(`${group}/${column}`);
    for (const conv of block.conversions) {
      if (!conv.groups.test(group) || (conv.columns && !conv.columns.test(column))) continue;
      for (let i = 0; i < values.length; i++) values[i]! *= conv.factor;
      used.add(conv.reason);
    }
    reader.reportBadCells(c, id);
    list.push({ id, group, column, csvColumn, unit: name.unit, kind: 'number', values } satisfies NumericSeries);
  });
  return { list, conversionsUsed: used, unknown };
}
