/**
 * Words of the Findings block (report page) and of the compare page's findings, in English and Japanese. A
 * finding's own sentence comes with it in both languages (shared/findings/finding.ts FindingText); the
 * names of the checks are here. Pure data (use-findings-t.ts is the components' hook).
 */
import type { Lang } from '../i18n/messages.js';

const en = {
  title: 'Findings',
  count: (n: number) => (n === 1 ? '1 finding' : `${n} findings`),
  nothing: 'Nothing found: no check saw a limit or a problem in this run.',
  notEvaluated: 'This report was stored before findings were made: upload the CSV again to get them.',
  checked: (n: number) => `Checked (${n})`,
  skipped: (n: number) => `Could not check (${n})`,
  severity: { critical: 'Critical', warning: 'Warning', info: 'Info' } as Record<string, string>,
  window: 'Window',
  seconds: (from: string, to: string) => `${from}–${to} s`,
  windows: (n: number) => `${n} windows`,
  peak: 'Peak',
  peakAt: (value: string, at: string) => `${value} at ${at} s`,
  show: (what: string) => `Zoom to ${what}`,
  shown: 'Shown',
  clear: 'Show the whole run',
  linkLabel: 'Link speeds',
  linkNote: (links: string) => `Link speeds given: ${links}`,
  loadFailed: 'The findings with the link speeds could not be loaded.',
  compareTitle: 'Findings across the runs',
  compareNew: 'new',
  compareGone: 'gone',
  compareChanged: 'changed',
  compareSame: 'in both',
  compareNothing: 'No run has a finding: nothing changed.',
  compareSameAll: 'The runs have the same findings.',
  compareIn: (tags: string) => `(${tags})`,
};

export type FindingsMessages = typeof en;

const ja: FindingsMessages = {
  title: '検出事項',
  count: (n: number) => `${n} 件`,
  nothing: '検出事項なし: この記録ではどのチェックも限界や問題を見つけませんでした。',
  notEvaluated: 'このレポートは検出事項の導入前に保存されました: CSV をもう一度アップロードすると表示されます。',
  checked: (n: number) => `チェック済み (${n})`,
  skipped: (n: number) => `チェックできなかったもの (${n})`,
  severity: { critical: '重大', warning: '警告', info: '情報' } as Record<string, string>,
  window: '期間',
  seconds: (from: string, to: string) => `${from}–${to} 秒`,
  windows: (n: number) => `${n} 区間`,
  peak: 'ピーク',
  peakAt: (value: string, at: string) => `${value} (${at} 秒)`,
  show: (what: string) => `${what} にズーム`,
  shown: '表示中',
  clear: '記録全体を表示',
  linkLabel: 'リンク速度',
  linkNote: (links: string) => `指定されたリンク速度: ${links}`,
  loadFailed: 'リンク速度を使った検出事項を読み込めませんでした。',
  compareTitle: '記録間の検出事項',
  compareNew: '新規',
  compareGone: '解消',
  compareChanged: '変化',
  compareSame: '両方',
  compareNothing: 'どの記録にも検出事項はありません: 変化なし。',
  compareSameAll: 'どの記録も検出事項は同じです。',
  compareIn: (tags: string) => `(${tags})`,
};

const MESSAGES: Record<Lang, FindingsMessages> = { en, ja };

export function findingsMessages(lang: Lang): FindingsMessages {
  return MESSAGES[lang];
}

/** Each check's name, by rule id (a rule the page does not know yet is shown by its id). */
export const CHECK_NAMES: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  en: {
    'cpu-saturated': 'CPU saturation (run queue above the CPUs)',
    'cpu-busy': 'CPU utilization',
    'cpu-single-hot': 'one CPU saturated (single-threaded bottleneck)',
    'cpu-iowait': 'CPUs waiting on I/O',
    'cpu-steal': 'CPU stolen by the hypervisor',
    'cpu-system-heavy': 'kernel time',
    'cpu-softirq-one': 'softirq on one CPU',
    'disk-saturated': 'disk at its ceiling',
    'memory-pressure': 'memory pressure',
    swapping: 'swapping and page-out',
    'csw-storm': 'context-switch storm',
    'interrupt-storm': 'interrupt storm',
    'load-high': 'load average',
    'periodic-bursts': 'periodic bursts',
    'sampling-gaps': 'missed samples',
    'steady-state': 'steady state',
    'net-near-link': 'NIC near its link speed',
  },
  ja: {
    'cpu-saturated': 'CPU 飽和 (実行待ちキューが CPU 数超過)',
    'cpu-busy': 'CPU 使用率',
    'cpu-single-hot': '単一 CPU の飽和 (シングルスレッドのボトルネック)',
    'cpu-iowait': 'I/O 待ちの CPU',
    'cpu-steal': 'ハイパーバイザーによる CPU スチール',
    'cpu-system-heavy': 'カーネル時間',
    'cpu-softirq-one': '1 CPU への softirq 集中',
    'disk-saturated': 'ディスクの上限到達',
    'memory-pressure': 'メモリ逼迫',
    swapping: 'スワップ・ページアウト',
    'csw-storm': 'コンテキストスイッチの嵐',
    'interrupt-storm': '割り込みの嵐',
    'load-high': 'ロードアベレージ',
    'periodic-bursts': '周期的なバースト',
    'sampling-gaps': 'サンプルの欠落',
    'steady-state': '定常状態',
    'net-near-link': 'NIC のリンク速度への接近',
  },
};

export function checkName(rule: string, lang: Lang): string {
  return CHECK_NAMES[lang][rule] ?? rule;
}
