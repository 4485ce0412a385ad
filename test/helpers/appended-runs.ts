/**
 * A log of many short runs, as `dstat --output` appending to the same file run after run writes it
 * (thousands of one-row runs in a 4 MB upload are seen in practice): the source file, then again and again what
 * dstat appends for a new run — two empty lines, the source's header block without its title and Author
 * lines (Host:, Cmdline:, the blank line of ≤ 0.7.2, group row, column row) — and its first `rowsPerRun`
 * data rows, until the file has `bytes` characters. Used by the parser tests and bench/parse.bench.ts.
 */
export function appendedRuns(source: string, bytes: number, rowsPerRun = 1): string {
  const lines = source.split('\n');
  const host = lines.findIndex((l) => l.startsWith('"Host:"'));
  const firstRow = lines.findIndex((l, i) => i > host && l !== '' && !l.startsWith('"'));
  const block = ['', '', ...lines.slice(host, firstRow + rowsPerRun)].join('\n');
  const out = [source.trimEnd()];
  let size = out[0]!.length + 1;
  while (size < bytes) {
    out.push(block);
    size += block.length + 1;
  }
  return out.join('\n') + '\n';
}
