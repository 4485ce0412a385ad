/**
 * Statistics of a classic dstat 0.7 CSV computed WITHOUT the parser (test oracle for the compare tests):
 * csv-parse reads the fields, the group row is filled forward over its columns, ids are `group/column`,
 * the first data row (dstat's since-boot average) is left out, p95 is nearest-rank. Only for single-run
 * files with a `-t` time column and no unit conversions (dstat 0.6/0.7 on Linux).
 */
import { parse } from 'csv-parse/sync';

export interface Figures {
  min: number;
  avg: number;
  p95: number;
  max: number;
}

export function independentColumns(text: string, run = 1): Map<string, number[]> {
  const rows = parse(text, { relax_column_count: true, skip_empty_lines: false }) as string[][];
  let seen = 0;
  let headerAt = -1;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]![0] === 'time' || rows[i]![0] === 'date/time') {
      if (++seen === run) {
        headerAt = i;
        break;
      }
    }
  }
  if (headerAt < 0) throw new Error(`no run ${run}`);
  const groups = rows[headerAt - 1]!;
  const columns = rows[headerAt]!;
  const ids: string[] = [];
  let group = '';
  for (let c = 0; c < columns.length; c++) {
    if (groups[c]) group = groups[c]!;
    ids.push(`${group}/${columns[c]}`);
  }
  const out = new Map<string, number[]>(ids.map((id) => [id, []]));
  // Data rows: from the second after the header (the first is the since-boot average) to the next header.
  for (let i = headerAt + 2; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.length < 2 || row[0]!.startsWith('"') || /^[A-Za-z]+:?$/.test(row[0]!) || row[0] === '') break;
    ids.forEach((id, c) => {
      const v = Number(row[c]);
      if (row[c] !== '' && row[c] !== undefined && Number.isFinite(v)) out.get(id)!.push(v);
    });
  }
  return out;
}

export function figuresOf(values: readonly number[]): Figures {
  const sorted = [...values].sort((a, b) => a - b);
  let sum = 0;
  for (const v of values) sum += v;
  return {
    min: sorted[0]!,
    avg: sum / values.length,
    p95: sorted[Math.ceil(0.95 * sorted.length) - 1]!,
    max: sorted[sorted.length - 1]!,
  };
}
