/**
 * The group and column names dstat, dool and pcp-dstat write in their two header rows — the built-in
 * stats and the plugins shipped with them (dstat's plugins/ directory, dool's, pcp-dstat's config) — so a
 * file whose preamble was cut off can still be recognised by its header rows alone (bare-header.ts).
 * Names with an instance (`dsk/sda`, `cpu3 usage`, `/boot`) are matched by their form.
 */

/** Groups without an instance, as the producers write them (lower case). */
const GROUPS = new Set([
  // built-in: time, stats of -a, -v, -f, -r, -l, -s, -y, -i and the long options
  'system', 'time', 'epoch', 'procs', 'memory usage', 'advanced memory usage', 'paging', 'swap', 'total',
  'load avg', 'interrupts', 'total cpu usage', 'total usage', 'cpu usage', 'tcp sockets', 'udp', 'raw',
  'unix sockets', 'sockets', 'filesystem', 'file locks', 'sysv ipc', 'async', 'virtual memory',
  'advanced virtual memory', 'zones memory', 'utmp', 'most expensive',
  // plugins
  'battery', 'battery remain', 'frequency', 'dbus', 'fan', 'power', 'thermal', 'snooze', 'ntp', 'wifi',
  'postfix', 'sendmail', 'qmail', 'squid', 'redis', 'dstat', 'dstat cpu', 'dstat ctxt', 'dstat memory usage',
  'md status', 'fuse', 'gpfs i/o', 'gpfs file operations', 'lustre', 'innodb pool', 'innodb io ops',
  'innodb ops', 'mysql io', 'mysql key status', 'mysql5 cmds', 'mysql5 conn', 'mysql5 io', 'mysql5 keys',
  'mysql5 innodb', 'memcache hits', 'mongodb conn', 'mongodb mem', 'mongodb counts', 'mongodb queue',
  'mongodb stats', 'nfs3 client', 'nfs3 server', 'nfs4 client', 'nfs4 server', 'rpc client', 'rpc server',
  'jvm full', 'jvm mem', 'vm cpu', 'vm mem', 'vm mem adv', 'vmk hba', 'vmk int', 'vmk nic', 'openvz cpu',
  'openvz io', 'openvz ubc', 'condor queue', 'disk util', 'disk tps', 'process count', 'proc count',
]);

/** Groups named after an instance or a top-* plugin's subject. */
const GROUP_FORMS = [
  /^[a-z][a-z0-9 ]*\/\S.*$/, // dsk/sda, net/eth0, io/total, swp/total, pkt/total, dsk tps/sda
  /^cpu\d+ usage$/,
  /^\/\S*$/, // freespace: mount points
  /^most (expensive|frequent)\b/, // top-cpu, top-io, top-bio, top-mem, top-int …
  /^(highest|out of memory|lowest)\b/, // top-cputime, top-latency, top-oom
];

/** Column names (after any `group:` prefix), lower case. */
const COLUMNS = new Set([
  'time', 'date/time', 'epoch',
  'run', 'blk', 'new', 'used', 'buff', 'buf', 'cach', 'free', 'avai', 'total', 'dirty', 'shmem', 'recl',
  'in', 'out', 'read', 'writ', 'recv', 'send', '#read', '#writ', '#recv', '#send', 'int', 'csw',
  'usr', 'sys', 'idl', 'wai', 'hiq', 'siq', 'stl', 'steal', '1m', '5m', '15m',
  'lis', 'act', 'syn', 'tim', 'clo', 'tcp', 'udp', 'raw', 'frg', 'dgm', 'str', 'tot',
  'files', 'inodes', 'pos', 'lck', 'rea', 'wri', 'msg', 'sem', 'shm', '#aio', 'majpf', 'minpf', 'alloc',
  'scank', 'scand', 'pgoru', 'astll', 'd32f', 'd32h', 'normf', 'normh',
  'cmd', 'cpu', 'pid', 'process', 'cpu process', 'i/o process', 'block i/o process', 'memory process',
  'latency process', 'cputime process', 'interrupt', 'kill score', 'util', 'tps', 'avgqu', 'avgrq', 'svctm',
  'await', 'users', 'root', 'sess', 'charge', 'remain', 'rpm', 'watt', 'amp', 'volt', 'cpu0', 'freq',
  'dstat', 'pkt', 'calls', 'retr', 'refr', 'sent', 'recd', 'qcnt', 'offset',
]);

export function isKnownGroup(name: string): boolean {
  const g = name.trim().toLowerCase();
  return GROUPS.has(g) || GROUP_FORMS.some((re) => re.test(g));
}

/**
 * `column` of `group` as written, with or without its `group:` prefix (`dsk/vda:read`, `cpu0 usage:usr`).
 * Numbers are column names only under `interrupts` (IRQ numbers: `"42","43"`), never elsewhere: a data row
 * is not a header.
 */
export function isKnownColumn(group: string, column: string): boolean {
  const c = column.trim().toLowerCase();
  const bare = c.includes(':') ? c.slice(c.lastIndexOf(':') + 1) : c;
  if (/^\d+$/.test(bare)) return group.trim().toLowerCase() === 'interrupts';
  return COLUMNS.has(bare) || /^process\s+pid\b/.test(bare);
}
