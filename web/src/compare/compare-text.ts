/** The compare page's words, English and Japanese (the page language of i18n/). */
import { useLang } from '../i18n/i18n.js';
import type { Lang } from '../i18n/messages.js';

const en = {
  title: 'Compare runs',
  baseline: 'baseline',
  baselineLabel: 'Baseline',
  shiftLabel: (tag: string) => `Shift ${tag} (s)`,
  offsetLabel: (tag: string) => `Clock offset ${tag} (s)`,
  alignLabel: 'Align on',
  alignElapsed: 'elapsed time (before / after)',
  alignClock: 'the clock (several hosts at once)',
  legendTitle: 'Runs',
  deltaTitle: 'What changed',
  deltaLead: (minChange: number) =>
    `Each run's avg, p95 and max over the window from its raw samples, and the change against the baseline with its 95 % interval. Significant: the interval, which allows for the correlation of successive samples, excludes 0 and the change is at least ${minChange} % of the baseline.`,
  sortBy: 'Sort by',
  sortChange: 'size of the change',
  sortName: 'series',
  copyMarkdown: 'Copy as Markdown',
  copyTsv: 'Copy as TSV',
  copied: 'Copied',
  noise: 'within noise',
  missingIn: (tags: string) => `Not in ${tags}`,
  loading: 'Loading the runs…',
  failed: 'The runs could not be compared',
  resetZoom: 'Reset zoom',
  window: (from: string, to: string) => `Window: ${from} – ${to} of aligned elapsed time`,
  whole: 'Whole runs',
  compareWith: 'Compare with…',
  compareWithLabel: 'Another report (URL or id)',
  compareRuns: 'Compare runs of this file',
  compareGo: 'Compare',
  notAReport: 'That is not a report URL or id.',
  recentTitle: "Or one of this browser's recent reports",
  recentItem: (host: string, file: string, start: string, duration: string) => `${host} · ${file} · ${start} · ${duration}`,
  idleExplain: 'Every value is 0 or empty for the whole of every run that has it.',
  layoutLabel: 'Show',
  layoutOverlay: 'runs overlaid (before / after)',
  layoutHosts: 'one chart per host, stacked',
  hostsTitle: "Each host's figures",
  hostsLead: "Each run's min, avg, p95 and max over the window from its raw samples, side by side: the runs are different machines, so no change is computed.",
};

type CompareText = typeof en;

const ja: CompareText = {
  title: 'ランの比較',
  baseline: '基準',
  baselineLabel: '基準',
  shiftLabel: (tag) => `${tag} のずらし (秒)`,
  offsetLabel: (tag) => `${tag} の時計のずれ (秒)`,
  alignLabel: '揃え方',
  alignElapsed: '経過時間 (前後の比較)',
  alignClock: '時刻 (同時に記録した複数ホスト)',
  legendTitle: 'ラン',
  deltaTitle: '変化',
  deltaLead: (minChange) =>
    `各ランの区間内の平均・p95・最大 (生サンプルから) と、基準からの変化およびその 95 % 区間。有意: 連続するサンプルの相関を考慮した区間が 0 を含まず、変化が基準の ${minChange} % 以上。`,
  sortBy: '並べ替え',
  sortChange: '変化の大きさ',
  sortName: '系列',
  copyMarkdown: 'Markdown でコピー',
  copyTsv: 'TSV でコピー',
  copied: 'コピーしました',
  noise: 'ノイズ内',
  missingIn: (tags) => `${tags} にはありません`,
  loading: 'ランを読み込んでいます…',
  failed: 'ランを比較できませんでした',
  resetZoom: 'ズームをリセット',
  window: (from, to) => `区間: 経過時間 ${from} – ${to}`,
  whole: 'ラン全体',
  compareWith: '比較…',
  compareWithLabel: '別のレポート (URL または ID)',
  compareRuns: 'このファイルのランを比較',
  compareGo: '比較',
  notAReport: 'レポートの URL または ID ではありません。',
  recentTitle: 'またはこのブラウザで最近開いたレポート',
  recentItem: (host, file, start, duration) => `${host} · ${file} · ${start} · ${duration}`,
  idleExplain: 'そのデバイスがあるすべてのランで、全期間を通じてすべての値が 0 または空です。',
  layoutLabel: '表示',
  layoutOverlay: 'ランを重ねる (前後の比較)',
  layoutHosts: 'ホストごとのグラフを縦に並べる',
  hostsTitle: 'ホストごとの値',
  hostsLead: '各ランの区間内の最小・平均・p95・最大 (生サンプルから) を並べて表示します。別のマシンなので変化は計算しません。',
};

const TEXT: Readonly<Record<Lang, CompareText>> = { en, ja };

export function useCompareText(): CompareText {
  return TEXT[useLang()];
}
