/**
 * When a log lacks what the graphs need, say which command would have recorded everything: the producer's
 * own command with the options dstat2graphs asks for (`-tfvnrl`), at the same delay.
 */
import type { Cmdline } from './cmdline.js';
import { versionAtLeast } from './producer.js';
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

/**
 * dstat before 0.6.9 has no `-r` (disk IOPS came with 0.6.9: d069_tfvnrl.csv was recorded with it and has
 * io/* columns, 0.6.6 refuses the option): asking for it would make dstat stop with a usage error.
 */
function lacksIops(producer: Producer, version: string): boolean {
  return producer === 'dstat' && /^0\.([0-5]\.|6\.[0-8]$)/.test(version);
}

/** dstat ≥ 0.7.3 and dool no longer expand CPUs with -f: per-CPU columns need `-C all`. */
function needsCpuList(producer: Producer, version: string): boolean {
  return producer === 'dool' || (producer === 'dstat' && versionAtLeast(version, 0, 7) && !/^0\.7\.[0-2]\b/.test(version));
}

export function suggestCommand(
  producer: Producer,
  version: string,
  cmd: Cmdline,
  series: readonly Series[],
  timeSource: TimeSource,
  headerCutShort: boolean,
): Suggestion | null {
  const groups = [...new Set(series.map((s) => s.group))];
  const noIops = lacksIops(producer, version);
  const needs = noIops ? NEEDS.filter((n) => n.option !== '-r') : NEEDS;
  const missing = needs.filter((n) => !n.present(groups)).map((n) => `${n.what} (${n.option})`);
  const cpuList = needsCpuList(producer, version);
  if (cpuList && !groups.some((g) => /^cpu\d+ usage$/.test(g))) missing.push('per-CPU usage (-C all)');
  if (timeSource === 'sample') missing.push('time (-t)');
  if (missing.length === 0 && !headerCutShort) return null;
  const delay = cmd.delaySeconds > 0 ? String(cmd.delaySeconds) : '1';
  const options = `${noIops ? '-tfvnl' : '-tfvnrl'}${cpuList ? ' -C all' : ''} --output log.csv ${delay}`;
  const command =
    producer === 'pcp-dstat'
      ? `pcp dstat ${options} > /dev/null`
      : producer === 'dool'
        ? `dool --bytes ${options}`
        : `dstat ${options}`;
  return { missing, command };
}
