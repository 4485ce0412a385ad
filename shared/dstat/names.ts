/**
 * Group and column names as classic dstat writes them, whatever the producer, and the unit of each —
 * so runs from dstat, dool and pcp-dstat line up (`total usage` → `total cpu usage`, `buf` → `buff`).
 */
import type { Unit } from './types.js';

/** Names of the time column: `time` (0.7+, dool, pcp), `date/time` (0.6, 0.7.0), `epoch` (-T). */
export function timeColumnKind(group: string, column: string): 'time' | 'epoch' | null {
  const c = column.toLowerCase();
  if (c === 'epoch') return 'epoch';
  if (c === 'date/time') return 'time';
  if (c === 'time' && (group === '' || group === 'system' || group === 'time')) return 'time';
  return null;
}

const GROUP_ALIASES: Record<string, string> = {
  'total usage': 'total cpu usage', // pcp-dstat
  'swp/total': 'swap', // dstat 0.6.9
};

/** The classic dstat name of a group; `columns` are the group's (already unprefixed) column names. */
export function normaliseGroup(group: string, columns: readonly string[]): string {
  const g = group.trim();
  const alias = GROUP_ALIASES[g];
  if (alias) return alias;
  // pcp-dstat's swap plugin is labelled by its instance, `total`, with columns used/free
  if (g === 'total' && columns.length > 0 && columns.every((c) => c === 'used' || c === 'free')) return 'swap';
  return g;
}

/** Drop the `group:` prefix of `name:nick` sub-headers (`dsk/vda:read` → `read`, `/:used` → `used`). */
export function stripGroupPrefix(group: string, column: string): string {
  const c = column.trim();
  const g = group.trim();
  if (g !== '' && c.length > g.length + 1 && c.startsWith(g) && c[g.length] === ':') return c.slice(g.length + 1);
  return c;
}

const COLUMN_ALIASES: Record<string, Record<string, string>> = {
  'memory usage': { buf: 'buff' }, // pcp-dstat
};

export function normaliseColumn(group: string, column: string): string {
  return COLUMN_ALIASES[group]?.[column] ?? column;
}

/** Groups whose cells are text (top-* plugins: `python3 / 1%`, `cat / 171966464:171966464`). */
export function isTextGroup(group: string, column: string): boolean {
  return /most expensive|^top[- ]/i.test(group) || /process$/i.test(column);
}

const COUNT_GROUPS = /^(tcp sockets|sockets|unix sockets|udp|raw|file locks|sysv ipc|filesystem|async|utmp)$/;

/** The unit of a column after normalisation, as classic dstat prints it. */
export function unitOf(group: string, column: string): Unit {
  if (isTextGroup(group, column)) return 'text';
  if (group === 'total cpu usage' || /^cpu\d+ usage$/.test(group) || /cpu usage$/.test(group)) return '%';
  if (/^(dsk|net)\//.test(group)) return column.startsWith('#') ? '/s' : 'bytes/s';
  if (/^io\//.test(group) || group === 'interrupts' || group === 'virtual memory') return '/s';
  if (group === 'paging') return 'bytes/s';
  if (group === 'system') return '/s';
  if (group === 'procs') return column === 'new' ? '/s' : 'count';
  if (group === 'load avg') return '';
  if (/memory usage$/.test(group) || group === 'swap' || group.startsWith('/')) return 'bytes';
  if (COUNT_GROUPS.test(group)) return 'count';
  return '';
}
