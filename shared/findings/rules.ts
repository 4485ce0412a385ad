/**
 * The findings rules, declared once, in the order they are checked: id, severity, resource, the columns
 * each needs, thresholds (units in their names), least duration, the charts that show it, where the
 * condition comes from, and its sentence in English and Japanese (`{span}` is the window phrase, other
 * `{names}` come from the check). docs/findings.md explains each and what was tuned.
 */
import { cpuBusy, cpuColumnAbove, cpuSaturated, cpuSingleHot, cpuSoftirqOne, cpuSystemHeavy } from './checks-cpu.js';
import { diskSaturated, netNearLink } from './checks-io.js';
import { periodicBursts, steadyState } from './checks-shape.js';
import { loadHigh, memoryPressure, perCpuRate, samplingGaps, swapping } from './checks-system.js';
import type { RuleSpec } from './rule-spec.js';

const MiB = 1024 * 1024;

export const RULES: readonly RuleSpec[] = [
  {
    id: 'cpu-saturated',
    severity: 'warning',
    resource: 'cpu',
    needs: 'procs run; the CPU count (per-CPU columns or a -C list)',
    thresholds: { criticalRatio: 2 },
    minSeconds: 10,
    charts: ['procs', 'load', 'cpu:total'],
    source: 'Gregg, USE method: CPU saturation = run queue length above the CPU count',
    text: {
      en: 'run queue {run} on {cpus} CPUs for {span}: CPU-bound; more CPUs or less work per request would help',
      ja: '{cpus} CPU に対して実行待ちキューが {run} の状態が {span} 続きました: CPU ネックです。CPU を増やすか、1 リクエストあたりの処理を減らすと改善します',
    },
    check: cpuSaturated,
  },
  {
    id: 'cpu-busy',
    severity: 'warning',
    resource: 'cpu',
    needs: 'total CPU usr and sys (hiq, siq when present)',
    thresholds: { busyPct: 90 },
    minSeconds: 20,
    charts: ['cpu:total'],
    source: 'pmie cpu/util (90 %); netdata cpu.conf (warn 85 %, critical 95 %)',
    text: {
      en: 'CPUs {busy} % busy (user+system+interrupts) for {span}: the CPUs are the limit; profile the hot code or add CPUs',
      ja: 'CPU 使用率 (user+system+割り込み) {busy} % が {span} 続きました: CPU が上限です。処理の重い箇所を調べるか CPU を増やしてください',
    },
    check: cpuBusy,
  },
  {
    id: 'cpu-single-hot',
    severity: 'warning',
    resource: 'cpu',
    needs: 'per-CPU usr and sys',
    thresholds: { cpuBusyPct: 95, averageBelowPct: 60 },
    minSeconds: 10,
    charts: ['cpu:total'],
    source: 'pmie percpu/some_util: one CPU saturated while the average has room',
    text: {
      en: '{cpu} {busy} % busy while all {cpus} CPUs average {total} % for {span}: a single-threaded bottleneck; spread the work over more threads',
      ja: '{cpu} の使用率が {busy} % なのに {cpus} CPU の平均は {total} % の状態が {span} 続きました: シングルスレッドがネックです。処理を複数スレッドに分けると改善します',
    },
    check: cpuSingleHot,
  },
  {
    id: 'cpu-iowait',
    severity: 'warning',
    resource: 'cpu',
    needs: 'total CPU wai',
    thresholds: { waiPct: 20 },
    minSeconds: 30,
    charts: ['cpu:total', 'disk:total', 'iops:total'],
    source: 'Gregg, USE method (I/O wait as a saturation sign); netdata cpu.conf warns at 40 % over 10 min',
    text: {
      en: 'CPUs waiting on I/O {value} % of the time for {span}: storage is slowing the work; look at the disks in this window',
      ja: 'CPU の I/O 待ちが {value} % の状態が {span} 続きました: ストレージが処理を遅くしています。この区間のディスクを確認してください',
    },
    check: cpuColumnAbove('wai', 'waiPct'),
  },
  {
    id: 'cpu-steal',
    severity: 'warning',
    resource: 'cpu',
    needs: 'total CPU stl',
    thresholds: { stlPct: 10 },
    minSeconds: 30,
    charts: ['cpu:total'],
    source: 'Gregg, USE method (virtualised CPU); netdata cpu.conf',
    text: {
      en: 'the hypervisor took {value} % of the CPU (steal) for {span}: the host is oversubscribed; move the VM or ask for dedicated CPUs',
      ja: 'ハイパーバイザーに CPU の {value} % を奪われた状態 (steal) が {span} 続きました: ホストが過密です。VM の移動か専有 CPU を検討してください',
    },
    check: cpuColumnAbove('stl', 'stlPct'),
  },
  {
    id: 'cpu-system-heavy',
    severity: 'warning',
    resource: 'cpu',
    needs: 'total CPU usr and sys',
    thresholds: { busyPct: 70, sysShareRatio: 0.75 },
    minSeconds: 10,
    charts: ['cpu:total', 'csw', 'interrupts'],
    source: 'pmie cpu/system: kernel time dominates a busy CPU',
    text: {
      en: 'kernel time is {share} % of CPU work at {busy} % busy for {span}: system calls, context switches or interrupts dominate; batch I/O or reduce syscalls',
      ja: 'CPU 使用率 {busy} % のうちカーネル時間が {share} % の状態が {span} 続きました: システムコール・コンテキストスイッチ・割り込みが支配的です。I/O をまとめるかシステムコールを減らしてください',
    },
    check: cpuSystemHeavy,
  },
  {
    id: 'cpu-softirq-one',
    severity: 'warning',
    resource: 'cpu',
    needs: 'per-CPU siq',
    thresholds: { siqPct: 30, othersBelowPct: 5 },
    minSeconds: 10,
    charts: ['cpu:total', 'interrupts'],
    source: 'Gregg, USE method (interrupt affinity); netdata softirq alarms',
    text: {
      en: '{cpu} spends {siq} % in softirq while the other CPUs have under 5 % for {span}: interrupts are pinned to one CPU; spread them (irqbalance, RSS/RPS)',
      ja: '{cpu} のソフト割り込みが {siq} % で他の CPU は 5 % 未満の状態が {span} 続きました: 割り込みが 1 CPU に集中しています。irqbalance や RSS/RPS で分散してください',
    },
    check: cpuSoftirqOne,
  },
  {
    id: 'disk-saturated',
    severity: 'warning',
    resource: 'disk',
    needs: 'per-disk dsk/* or io/* read and writ; total CPU wai',
    thresholds: { nearCeilingRatio: 0.9, sustainedRatio: 0.75, iowaitPct: 10, minBytesPerS: 1 * MiB, minIops: 50, plateauBytesPerS: 10 * MiB, plateauIops: 1000, plateauSeconds: 15 },
    minSeconds: 10,
    charts: ['cpu:total'],
    source: 'Gregg, USE method: disk utilization at its ceiling with I/O wait as saturation',
    text: {
      en: '{disk} at its ceiling ({level}) {sign} for {span}: the disk is the limit; a faster disk, more disks or less I/O would help',
      ja: '{disk} が上限 ({level}) に張り付いた状態 ({sign}) が {span} 続きました: ディスクがネックです。高速なディスク・ディスクの追加・I/O の削減が有効です',
    },
    check: diskSaturated,
  },
  {
    id: 'memory-pressure',
    severity: 'warning',
    resource: 'memory',
    needs: 'memory used, free (buff, cach when present)',
    thresholds: { leftBelowPct: 10, cacheDropRatio: 0.5 },
    minSeconds: 30,
    charts: ['memory', 'paging', 'swap'],
    source: 'pmie memory rules; netdata ram.conf (available memory low)',
    text: {
      en: 'only {left} % of {total} memory free or cache for {span}: the working set nearly fills memory; add memory or shrink caches and heaps',
      ja: '空きメモリとキャッシュが {total} の {left} % しかない状態が {span} 続きました: ワーキングセットがメモリをほぼ使い切っています。メモリ追加かキャッシュ・ヒープの縮小を検討してください',
    },
    otherTexts: {
      cacheEvicted: {
        en: 'the page cache shrank from {from} to {to} while used memory grew by {grew}, over {span}: processes are pushing the cache out; file reads will miss it',
        ja: 'プロセスの使用メモリが {grew} 増える間にページキャッシュが {from} から {to} に減りました ({span}): キャッシュが押し出され、ファイル読み込みがキャッシュに当たらなくなります',
      },
    },
    check: memoryPressure,
  },
  {
    id: 'swapping',
    severity: 'critical',
    resource: 'memory',
    needs: 'paging out',
    thresholds: { pagesPerS: 5, pageBytes: 4096, samplesRatio: 0.3, windowS: 10 },
    minSeconds: 10,
    charts: ['paging', 'swap', 'memory'],
    source: 'pmie memory/exhausted: swap-out in ≥ 30 % of samples of a window',
    text: {
      en: 'swapping out {rate} (peak {peak}) for {span}: memory is exhausted; add memory or reduce what runs',
      ja: 'スワップアウトが {rate} (最大 {peak}) の状態が {span} 続きました: メモリ不足です。メモリを増やすか実行する処理を減らしてください',
    },
    check: swapping,
  },
  {
    id: 'csw-storm',
    severity: 'warning',
    resource: 'system',
    needs: 'system csw; the CPU count',
    thresholds: { perCpuPerS: 4000 },
    minSeconds: 10,
    charts: ['csw', 'cpu:total'],
    source: 'pmie cpu/context_switch (4,000/s per CPU)',
    text: {
      en: '{rate} context switches/s ({perCpu} per CPU on {cpus} CPUs) for {span}: threads hand off work too often (locks, tiny I/O, too many threads)',
      ja: 'コンテキストスイッチが毎秒 {rate} 回 ({cpus} CPU で 1 CPU あたり {perCpu} 回) の状態が {span} 続きました: スレッドの切り替えが多すぎます (ロック競合、細かい I/O、スレッド過多)',
    },
    check: perCpuRate('csw'),
  },
  {
    id: 'interrupt-storm',
    severity: 'warning',
    resource: 'system',
    needs: 'system int; the CPU count',
    thresholds: { perCpuPerS: 20000, medianRatio: 10 },
    minSeconds: 10,
    charts: ['interrupts', 'cpu:total'],
    source: 'pmie per-CPU interrupt rate; netdata softnet alarms',
    text: {
      en: '{rate} interrupts/s ({perCpu} per CPU on {cpus} CPUs, over 10× the run\'s median) for {span}: a device is interrupting heavily; check interrupt coalescing',
      ja: '割り込みが毎秒 {rate} 回 ({cpus} CPU で 1 CPU あたり {perCpu} 回、記録の中央値の 10 倍超) の状態が {span} 続きました: デバイスの割り込みが多すぎます。割り込みの集約設定を確認してください',
    },
    check: perCpuRate('int'),
  },
  {
    id: 'load-high',
    severity: 'warning',
    resource: 'cpu',
    needs: 'load avg 1m; the CPU count',
    thresholds: { cpuRatio: 3, atLeast: 4 },
    minSeconds: 10,
    charts: ['load', 'procs'],
    source: 'pmie cpu/load_average: load1 above max(3 × CPUs, 4)',
    text: {
      en: 'load average up to {load} on {cpus} CPUs (above {limit}) for {span}: far more work than CPUs (or tasks stuck on I/O)',
      ja: '{cpus} CPU でロードアベレージが最大 {load} ({limit} 超) の状態が {span} 続きました: CPU 数よりはるかに多い処理 (または I/O 待ちのタスク) があります',
    },
    check: loadHigh,
  },
  {
    id: 'periodic-bursts',
    severity: 'info',
    resource: 'system',
    needs: 'total CPU usage, disk or network throughput',
    thresholds: { acfMin: 0.3, acfDip: 0.3, minBursts: 3, spacingTolerance: 0.3, cpuFloorPct: 20, ioFloorBytesPerS: 1 * MiB },
    minSeconds: 0,
    charts: [],
    source: 'autocorrelation of the series (checkpoints, flushes, GC, cron show as a peak at their period)',
    text: {
      en: '{what} bursts every {period} s ({bursts} bursts, up to {peak}) over {span}: something periodic (checkpoint, flush, GC, cron) runs at that period',
      ja: '{what}が {period} 秒ごとに跳ね上がっています ({bursts} 回、最大 {peak}、{span}): その周期で動く処理 (チェックポイント、フラッシュ、GC、cron) があります',
    },
    check: periodicBursts,
  },
  {
    id: 'sampling-gaps',
    severity: 'warning',
    resource: 'system',
    needs: 'the time column',
    thresholds: { intervalRatio: 2, warnIntervalRatio: 5 },
    minSeconds: 0,
    charts: [],
    source: 'dstat missed its ticks: the host stalled or dstat was starved of CPU',
    text: {
      en: '{gaps} gap(s) in the sampling, {missed} sample(s) missed, the longest {longest} s at a {interval}-s interval ({span}): the host stalled or dstat was starved; figures there are averages over the gap',
      ja: 'サンプリングに {gaps} か所の抜け ({missed} サンプル欠落、最長 {longest} 秒、間隔 {interval} 秒、{span}): ホストが停止したか dstat が CPU を得られませんでした。その区間の値は抜けの間の平均です',
    },
    check: samplingGaps,
  },
  {
    id: 'steady-state',
    severity: 'info',
    resource: 'system',
    needs: 'total CPU usage, disk or network throughput',
    thresholds: { windowS: 10, bandRatio: 0.1, cpuFloorPct: 20, ioFloorBytesPerS: 1 * MiB },
    minSeconds: 20,
    charts: [],
    source: "fio's steady-state detection (ss=iops:10%, iops_slope) on the dominant activity",
    text: {
      en: '{what} steady at {level} for {span}, after {warmup} s of warm-up, before {cooldown} s of cool-down: compare runs on this window',
      ja: '{what}が {level} で安定した区間は {span} (立ち上がり {warmup} 秒、収束 {cooldown} 秒): 実行同士の比較はこの区間で行ってください',
    },
    check: steadyState,
  },
  {
    id: 'net-near-link',
    severity: 'warning',
    resource: 'network',
    needs: 'net/<nic> recv and send; a link speed given by the user',
    thresholds: { linkRatio: 0.85 },
    minSeconds: 10,
    charts: [],
    source: 'Gregg, USE method (network utilization); netdata net.conf (bandwidth near the link speed)',
    text: {
      en: '{nic} {dir} {rate}, {pct} % of its {link} link, for {span}: the network is the limit; a faster link or less traffic would help',
      ja: '{nic} の{dir}が {rate} (リンク {link} の {pct} %) の状態が {span} 続きました: ネットワークがネックです。高速なリンクか通信量の削減が有効です',
    },
    check: netNearLink,
  },
];

export function ruleSpec(id: string): RuleSpec | undefined {
  return RULES.find((r) => r.id === id);
}
