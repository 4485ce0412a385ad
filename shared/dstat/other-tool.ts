/**
 * Text logs of other tools people pick instead of a dstat CSV, recognised from their first lines, so that
 * the error says what the file is and what to run instead. sysstat's reports start
 * `Linux 6.1.0-13-amd64 (web1) 	11/29/2026 	_x86_64_	(2 CPU)`: sar's then has time-stamped rows
 * (`20:45:49  CPU  %user …`), iostat's `avg-cpu:` and `Device` blocks. `sadf -d` writes
 * `# hostname;interval;timestamp;…`. (`sar -o` writes a binary file, caught as binary before this.)
 */
const SYSSTAT_FIRST = /^Linux \S+ \([^)]*\)\s+\S+\s+_?\w+_?\s+\(\d+ CPU\)/;
const SAR_ROW = /^\d\d:\d\d:\d\d(?: [AP]M)?\s+\S/;
const IOSTAT_ROW = /^(avg-cpu:|Device\b)/;

/** What to run instead, said after the kind. */
const INSTEAD = 'dstatview reads the CSV dstat writes: record with `dstat -tcdmnr --output log.csv 5` (or pcp dstat, dool) and upload log.csv';

/** What the file is, from its first non-blank lines, when it is a known other tool's log; else ''. */
function kindOf(lines: readonly string[]): string {
  const first = lines[0] ?? '';
  if (/^# hostname;interval;timestamp;/.test(first)) return 'sar (sysstat) data from sadf -d';
  if (SAR_ROW.test(first) && /%user|%idle|kbmemfree|tps/.test(first)) return 'sar (sysstat) text output';
  if (!SYSSTAT_FIRST.test(first)) return '';
  const next = lines.slice(1).find((l) => l.trim() !== '') ?? '';
  if (SAR_ROW.test(next)) return 'sar (sysstat) text output';
  if (IOSTAT_ROW.test(next)) return 'iostat (sysstat) text output';
  return 'sysstat (sar or iostat) text output';
}

/** The error's reason for a file whose first non-blank lines are `lines`, when it is another tool's log; else ''. */
export function otherToolReason(lines: readonly string[]): string {
  const kind = kindOf(lines);
  return kind ? `this is ${kind}, not a dstat CSV; ${INSTEAD}` : '';
}
