/**
 * The graphs dstatview draws, declared once, in the order of the page (dstat2graphs' order: processes,
 * memory, paging, disk I/O, disk IOPS, interrupts and context switches, CPU, network, load). Series are
 * found by the names the file's own header rows give them (normalised by the parser); anything a file
 * records that no entry names is drawn by the generic chart (see resolve.ts), so nothing is dropped.
 *
 * Adding a graph = adding an entry here; the web page, the statistics and any export render from this list.
 */
import type { ChartSpec, ColumnSpec } from './types.js';

const READ_WRITE: readonly ColumnSpec[] = [
  { column: 'read', label: 'read', colour: 'blue' },
  { column: 'writ', label: 'write', colour: 'magenta' },
];

/**
 * Disks dstat leaves out of its own `dsk/total` (partitions of hd/sd/vd disks, cciss partitions, device-mapper
 * and md devices, whose I/O is already counted on the disks below them); nvme partitions likewise.
 */
export const DISK_TOTAL_EXCLUDE =
  /^([hsv]d[a-z]+\d+|xvd[a-z]+\d+|nvme\d+n\d+p\d+|cciss\/c\d+d\d+p\d+|dm-\d+|md\d+|mmcblk\d+p\d+|VxVM\d+)$/;

/** Interfaces dstat leaves out of its own `net/total`: loopback, bonds (their slaves count) and VLANs. */
export const NET_TOTAL_EXCLUDE = /^(lo|bond\d+|face|.+\.\d+)$/;

export const CATALOGUE: readonly ChartSpec[] = [
  {
    id: 'procs',
    section: 'Processes',
    title: 'Processes running, blocked',
    unit: 'count',
    expand: 'none',
    groups: ['procs'],
    columns: [
      { column: 'run', label: 'running', colour: 'blue' },
      { column: 'blk', label: 'blocked', colour: 'magenta' },
    ],
    otherColumns: 'leave',
    stacked: true,
  },
  {
    id: 'procs-new',
    section: 'Processes',
    title: 'Processes new',
    unit: '/s',
    expand: 'none',
    groups: ['procs'],
    columns: [{ column: 'new', label: 'new', colour: 'blue' }],
    otherColumns: 'leave',
    stacked: false,
    fill: true,
  },
  {
    id: 'memory',
    section: 'Memory',
    title: 'Memory usage',
    unit: 'bytes',
    expand: 'none',
    groups: ['memory usage', 'advanced memory usage'],
    columns: [
      { column: 'used', label: 'used', colour: 'blue' },
      { column: 'buff', aliases: ['buf'], label: 'buffers', colour: 'magenta' },
      { column: 'cach', label: 'cached', colour: 'yellow' },
      // Stacked on top, pale (dstat2graphs' picture): the four bands reach the machine's memory, the axis's
      // top (scaleToTotal); hiding free (or any band) fits the axis to what is left.
      { column: 'free', label: 'free', colour: 'green', faint: true },
      { column: 'avai', label: 'available', colour: 'orange', overlay: true },
      { column: 'total', label: 'total', colour: 'grey', overlay: true },
    ],
    otherColumns: 'lines',
    stacked: true,
    scaleToTotal: true,
  },
  {
    id: 'swap',
    section: 'Memory',
    title: 'Swap',
    unit: 'bytes',
    expand: 'none',
    groups: ['swap', 'swp/total'],
    columns: [
      { column: 'used', label: 'used', colour: 'magenta' },
      { column: 'free', label: 'free', colour: 'green', hidden: true },
    ],
    otherColumns: 'lines',
    stacked: true,
    scaleToTotal: true,
  },
  {
    id: 'paging',
    section: 'Paging',
    title: 'Paging',
    unit: 'bytes/s',
    expand: 'none',
    groups: ['paging'],
    columns: [
      { column: 'in', label: 'page in', colour: 'blue' },
      { column: 'out', label: 'page out', colour: 'magenta' },
    ],
    otherColumns: 'lines',
    stacked: false,
  },
  {
    id: 'disk',
    section: 'Disk I/O',
    title: 'Disk I/O',
    unit: 'bytes/s',
    expand: 'devices',
    totalGroups: ['dsk/total'],
    device: /^dsk\/(?<dev>.+)$/,
    noun: ['disk', 'disks'],
    deriveTotal: 'sum',
    excludeFromTotal: DISK_TOTAL_EXCLUDE,
    excludedWhat: 'partitions, dm-* and md* devices, as dstat does',
    columns: READ_WRITE,
    otherColumns: 'lines',
    stacked: false,
    yLimit: 'diskBytes',
    collapseIdle: true,
  },
  {
    id: 'iops',
    section: 'Disk IOPS',
    title: 'Disk IOPS',
    unit: '/s',
    expand: 'devices',
    totalGroups: ['io/total'],
    device: /^io\/(?<dev>.+)$/,
    noun: ['disk', 'disks'],
    deriveTotal: 'sum',
    excludeFromTotal: DISK_TOTAL_EXCLUDE,
    excludedWhat: 'partitions, dm-* and md* devices, as dstat does',
    columns: READ_WRITE,
    otherColumns: 'lines',
    stacked: false,
    yLimit: 'diskIops',
    collapseIdle: true,
  },
  {
    id: 'interrupts',
    section: 'System',
    title: 'Interrupts',
    unit: '/s',
    expand: 'none',
    groups: ['system'],
    columns: [{ column: 'int', label: 'interrupts', colour: 'blue' }],
    otherColumns: 'leave',
    stacked: false,
    fill: true,
  },
  {
    id: 'csw',
    section: 'System',
    title: 'Context switches',
    unit: '/s',
    expand: 'none',
    groups: ['system'],
    columns: [{ column: 'csw', label: 'context switches', colour: 'blue' }],
    otherColumns: 'leave',
    stacked: false,
    fill: true,
  },
  {
    id: 'cpu',
    section: 'CPU usage',
    title: 'CPU usage',
    unit: '%',
    expand: 'devices',
    totalGroups: ['total cpu usage', 'total usage'],
    device: /^(?<dev>cpu\d+) usage$/,
    noun: ['CPU', 'CPUs'],
    deriveTotal: 'mean',
    columns: [
      { column: 'usr', label: 'user', colour: 'blue' },
      { column: 'sys', label: 'system', colour: 'magenta' },
      { column: 'hiq', label: 'hardirq', colour: 'yellow' },
      { column: 'siq', label: 'softirq', colour: 'purple' },
      { column: 'wai', label: 'wait', colour: 'orange' },
      { column: 'stl', label: 'steal', colour: 'grey' },
      { column: 'idl', label: 'idle', colour: 'green', hidden: true },
    ],
    otherColumns: 'lines',
    stacked: true,
    yMax: 100,
  },
  {
    id: 'net',
    section: 'Network I/O',
    title: 'Network I/O',
    unit: 'bytes/s',
    expand: 'devices',
    totalGroups: ['net/total'],
    device: /^net\/(?<dev>.+)$/,
    noun: ['interface', 'interfaces'],
    deriveTotal: 'sum',
    excludeFromTotal: NET_TOTAL_EXCLUDE,
    excludedWhat: 'lo, bonds and VLANs, as dstat does',
    columns: [
      { column: 'recv', label: 'receive', colour: 'blue' },
      { column: 'send', label: 'send', colour: 'magenta' },
    ],
    otherColumns: 'lines',
    stacked: false,
    yLimit: 'netBytes',
    collapseIdle: true,
  },
  {
    id: 'load',
    section: 'Load average',
    title: 'Load average',
    unit: '',
    expand: 'none',
    groups: ['load avg'],
    columns: [
      { column: '1m', label: '1 min', colour: 'blue' },
      { column: '5m', label: '5 min', colour: 'magenta' },
      { column: '15m', label: '15 min', colour: 'yellow' },
    ],
    otherColumns: 'lines',
    stacked: false,
  },
];

/** Section of the generic charts: groups no entry names (plugins such as `tcp sockets`, `interrupts`). */
export const GENERIC_SECTION = 'Other';
