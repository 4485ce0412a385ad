/**
 * When a log lacks what the graphs need, say which command would have recorded everything: the producer's
 * own command with the options dstat2graphs asks for (`-tfvnrl`), at the same delay.
 */
import { hasOption, type Cmdline } from './cmdline.js';
import type { Producer, Series, TimeSource } from './types.js';

interface Need {
  what: string;
  option: string;
  present(groups: readonly string[]): boolean;
}

const NEEDS: readonly Need[] = [
  { what: 'CPU', option: '-c', present: (g) => g.some((x) => /cpu\d* usage$/.test(x)) },
  { what: 'memory', option: '-m', present: (g) => g.some((x) => /memory usage$/.test(x)) },
  { what: 'disk I/O', option: '-d', present: (g) => g.some((x) => x.startsWith('dsk/')) },
  { what: 'network', option: '-n', present: (g) => g.some((x) => x.startsWith('net/')) },
  { what: 'disk IOPS', option: '-r', present: (g) => g.some((x) => x.startsWith('io/')) },
  { what: 'load average', option: '-l', present: (g) => g.includes('load avg') },
  { what: 'processes', option: '-p', present: (g) => g.includes('procs') },
  { what: 'paging', option: '-g', present: (g) => g.includes('paging') },
  { what: 'interrupts and context switches', option: '-y', present: (g) => g.includes('system') },
];

export interface Suggestion {
  /** What the graphs will lack, e.g. `['disk IOPS (-r)', 'time (-t)']`. */
  missing: string[];
  command: string;
}

export function suggestCommand(
  producer: Producer,
  cmd: Cmdline,
  series: readonly Series[],
  timeSource: TimeSource,
  headerCutShort: boolean,
): Suggestion | null {
  const groups = [...new Set(series.map((s) => s.group))];
  const missing = NEEDS.filter((n) => !n.present(groups)).map((n) => `${n.what} (${n.option})`);
  if (timeSource === 'sample') missing.push('time (-t)');
  const dool = producer === 'dool';
  const bits = dool && !hasOption(cmd, '--bytes');
  if (missing.length === 0 && !headerCutShort) return null;
  const delay = cmd.delaySeconds > 0 ? String(cmd.delaySeconds) : '1';
  const command =
    producer === 'pcp-dstat'
      ? `pcp dstat -tfvnrl --output log.csv ${delay} > /dev/null`
      : dool
        ? `dool ${bits ? '--bytes ' : ''}-tfvnrl --output log.csv ${delay}`
        : `dstat -tfvnrl --output log.csv ${delay}`;
  return { missing, command };
}
