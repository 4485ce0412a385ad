/**
 * The texts of a chart that come from the catalogue, in English (the catalogue's own) or Japanese: chart
 * titles, section headings, series labels, device nouns. One place for the page (web/src/i18n/text.ts) and
 * the images the server draws (server/render/render-chart.ts: first screens and exports in the page's
 * language). Pure data and functions. A device or group name from the file is never translated.
 */
import type { ResolvedChart, ResolvedSeries } from '../catalogue/index.js';

/** The languages of the page and its images. */
export type Lang = 'en' | 'ja';

export const LANGS: readonly Lang[] = ['en', 'ja'];

/** Chart titles (catalogue ids), section headings and series labels in Japanese; English is the catalogue's. */
export const JA_TITLES: Readonly<Record<string, string>> = {
  procs: 'プロセス数 (実行中、ブロック中)',
  'procs-new': '新規プロセス',
  memory: 'メモリ使用量',
  swap: 'スワップ',
  paging: 'ページング',
  disk: 'ディスク I/O',
  iops: 'ディスク IOPS',
  interrupts: '割り込み',
  csw: 'コンテキストスイッチ',
  cpu: 'CPU 使用率',
  net: 'ネットワーク I/O',
  load: 'ロードアベレージ',
};

/**
 * Titles of the charts of dstat plugins the catalogue does not name (one generic chart per group, titled
 * with dstat's group name), by group name, where dstat's meaning is known (its plugins' source).
 */
export const JA_GROUPS: Readonly<Record<string, string>> = {
  'tcp sockets': 'TCP ソケット',
  udp: 'UDP ソケット',
  'unix sockets': 'UNIX ドメインソケット',
  raw: 'RAW ソケット',
  sockets: 'ソケット',
  swap: 'スワップ',
  io: 'ディスク IOPS',
  'io/total': 'ディスク IOPS',
  fs: 'ファイルシステム',
  filesystem: 'ファイルシステム (開いているファイル数、inode 数)',
  'file locks': 'ファイルロック',
  vm: '仮想メモリ',
  'virtual memory': '仮想メモリ (ページフォールト、ページの確保と解放)',
  'advanced virtual memory': '仮想メモリ (詳細)',
  'zones memory': 'メモリゾーン',
  sys: 'システム',
  system: 'システム',
  interrupts: '割り込み (IRQ 別)',
  async: '非同期 I/O',
  aio: '非同期 I/O',
  'sysv ipc': 'System V プロセス間通信',
  'load avg': 'ロードアベレージ',
  'memory usage': 'メモリ使用量',
  'paging': 'ページング',
  'procs': 'プロセス数',
  'total cpu usage': 'CPU 使用率',
  'cpu freq': 'CPU 周波数',
  cpufreq: 'CPU 周波数',
  battery: 'バッテリー',
  'battery remain': 'バッテリー残量',
  power: '電力',
  thermal: '温度',
  fan: 'ファン',
  'disk util': 'ディスク使用率',
  'disk tps': 'ディスク転送数/秒',
  'nfs3 client': 'NFS3 クライアント',
  'nfs3 server': 'NFS3 サーバー',
  'nfs3 client ops': 'NFS3 クライアント操作',
  'nfs3 server ops': 'NFS3 サーバー操作',
  'nfs4 client': 'NFS4 クライアント',
  'nfs4 server': 'NFS4 サーバー',
  'rpc client': 'RPC クライアント',
  'rpc server': 'RPC サーバー',
  ntp: 'NTP',
  snooze: 'スヌーズ',
  'most expensive': '最も負荷の高いプロセス',
  dbus: 'D-Bus',
  squid: 'Squid',
  postfix: 'Postfix',
  sendmail: 'Sendmail',
  qmail: 'qmail',
  'mysql io': 'MySQL I/O',
  'mysql5 io': 'MySQL 5 I/O',
  'mysql5 conn': 'MySQL 5 接続',
  'mysql5 keys': 'MySQL 5 キー',
  'mysql5 cmds': 'MySQL 5 コマンド',
  'innodb io': 'InnoDB I/O',
  'innodb ops': 'InnoDB 操作',
  'innodb buffer pool': 'InnoDB バッファプール',
  'gpfs i/o': 'GPFS I/O',
  'gpfs file operations': 'GPFS ファイル操作',
  'lustre 1.6 i/o': 'Lustre I/O',
  wifi: 'Wi-Fi',
  'vm mem': 'VMware メモリ',
  'vm cpu': 'VMware CPU',
};

export const JA_SECTIONS: Readonly<Record<string, string>> = {
  Processes: 'プロセス',
  Memory: 'メモリ',
  Paging: 'ページング',
  'Disk I/O': 'ディスク I/O',
  'Disk IOPS': 'ディスク IOPS',
  System: 'システム',
  'CPU usage': 'CPU 使用率',
  'Network I/O': 'ネットワーク I/O',
  'Load average': 'ロードアベレージ',
  Other: 'その他',
};

export const JA_SERIES: Readonly<Record<string, string>> = {
  running: '実行中',
  blocked: 'ブロック中',
  new: '新規',
  used: '使用中',
  buffers: 'バッファ',
  cached: 'キャッシュ',
  free: '空き',
  available: '利用可能',
  total: '合計',
  'page in': 'ページイン',
  'page out': 'ページアウト',
  read: '読み込み',
  write: '書き込み',
  interrupts: '割り込み',
  'context switches': 'コンテキストスイッチ',
  user: 'ユーザー',
  system: 'システム',
  hardirq: 'ハード割り込み',
  softirq: 'ソフト割り込み',
  wait: 'I/O 待ち',
  steal: 'スチール',
  idle: 'アイドル',
  receive: '受信',
  send: '送信',
  '1 min': '1 分',
  '5 min': '5 分',
  '15 min': '15 分',
};

export const JA_NOUNS: Readonly<Record<string, string>> = {
  disk: 'ディスク',
  disks: 'ディスク',
  CPU: 'CPU',
  CPUs: 'CPU',
  interface: 'インターフェース',
  interfaces: 'インターフェース',
};

/** A chart's title in a language (the device name is the file's own). */
export function chartTitle(chart: ResolvedChart, lang: Lang): string {
  if (lang === 'en') return chart.heading;
  if (chart.specId === 'generic') {
    // A dstat plugin's group: its known meaning, and the unit when the group is split by unit.
    const title = JA_GROUPS[chart.title];
    if (!title) return chart.heading;
    return chart.heading.startsWith(chart.title) ? `${title}${chart.heading.slice(chart.title.length)}` : title;
  }
  const title = JA_TITLES[chart.specId];
  if (!title) return chart.heading;
  if (chart.device !== null && chart.device !== 'total') return `${title} ${chart.device}`;
  // A second group drawn alike: "Memory usage (advanced memory usage)".
  const extra = chart.heading.startsWith(chart.title) ? chart.heading.slice(chart.title.length) : '';
  return `${title}${extra}`;
}

export function sectionTitle(section: string, lang: Lang): string {
  return lang === 'ja' ? (JA_SECTIONS[section] ?? section) : section;
}

export function seriesLabel(series: ResolvedSeries, lang: Lang): string {
  return lang === 'ja' ? (JA_SERIES[series.label] ?? series.label) : series.label;
}
