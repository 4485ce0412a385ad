/**
 * The Δ table's own words in the page's languages (the CLI writes English): headings, verdicts and the
 * header of the copies. Chart titles and series labels come from the caller (table.ts seriesNames).
 */
import type { Lang } from '../chart/chart-text.js';
import type { NoOffsetReason } from './clock-offset.js';
import type { Verdict } from './significance.js';

export interface TableText {
  chart: string;
  series: string;
  unit: string;
  avg: string;
  interval: string;
  verdict: string;
  computed: string;
  verdicts: Readonly<Record<Verdict, string>>;
  baseline: string;
  window: string;
  wholeRuns: string;
  /** The same, the runs placed on the clock (align=clock). */
  wholeRunsOnClock: string;
  method: string;
  minChange: string;
  idleNote: string;
  idleCount: (n: number) => string;
  twinCount: (n: number) => string;
  /** A run's clock-offset estimate (align=clock): its heading, what was found, or why nothing was. */
  offsetEstimate: (tag: string) => string;
  offsetFound: (offset: string, strength: string) => string;
  offsetNone: Readonly<Record<NoOffsetReason, string>>;
  /** window=steady, in the header: each run's steady state, and the runs that have none. */
  steadyWindows: string;
  noSteady: (tags: string) => string;
  /** Runs compared by windows of their own (`ID@FROM-TO`): each one's, the others whole. */
  ownWindows: (parts: string) => string;
  wholeRun: string;
  layout: string;
  /** What the hosts layout's table is, in its header. */
  hostsSideBySide: string;
}

const en: TableText = {
  chart: 'chart',
  series: 'series',
  unit: 'unit',
  avg: 'avg',
  interval: 'Δavg 95 % interval',
  verdict: 'verdict',
  computed: '(computed)',
  verdicts: { significant: 'significant', noise: 'within noise', 'too-few': 'not enough samples' },
  baseline: 'baseline',
  window: 'window',
  wholeRuns: 'whole runs, aligned on elapsed time',
  wholeRunsOnClock: 'whole runs, placed on the clock (each log in its own zone)',
  method: 'method',
  minChange: 'minimum change',
  idleNote: 'left out',
  idleCount: (n) => `${n} series zero in every run (idle devices, unused columns)`,
  twinCount: (n) => `${n} series of a total equal to its only busy device (shown as that device)`,
  offsetEstimate: (tag) => `clock offset ${tag}, estimated`,
  offsetFound: (offset, strength) => `${offset} s (network send/receive correlation ${strength})`,
  offsetNone: {
    'no-network': 'none: a run has no network columns',
    flat: 'none: no network traffic to match',
    'too-short': 'none: the runs overlap too little',
    unclear: 'no clear match in the network traffic',
  },
  steadyWindows: "each run's steady-state window",
  noSteady: (tags) => `${tags}: no steady state found, whole run`,
  ownWindows: (parts) => `each run's own window (${parts}), its start the run's zero`,
  wholeRun: 'whole run',
  layout: 'layout',
  hostsSideBySide: "hosts side by side: each run's own figures, no change (different machines)",
};

const ja: TableText = {
  chart: 'グラフ',
  series: '系列',
  unit: '単位',
  avg: '平均',
  interval: 'Δ平均の 95 % 区間',
  verdict: '判定',
  computed: '(計算値)',
  verdicts: { significant: '有意', noise: 'ノイズ内', 'too-few': 'サンプル不足' },
  baseline: '基準',
  window: '区間',
  wholeRuns: 'ラン全体 (経過時間で揃えています)',
  wholeRunsOnClock: 'ラン全体 (時刻で揃えています。各ログのタイムゾーンで読んでいます)',
  method: '方法',
  minChange: '最小変化',
  idleNote: '省略',
  idleCount: (n) => `すべてのランで 0 の系列 ${n} 個 (アイドルなデバイス、未使用の列)`,
  twinCount: (n) => `唯一動いているデバイスと同じ値の合計の系列 ${n} 個 (そのデバイスとして表示)`,
  offsetEstimate: (tag) => `${tag} の時計のずれの推定`,
  offsetFound: (offset, strength) => `${offset} 秒 (ネットワーク送信と受信の相関 ${strength})`,
  offsetNone: {
    'no-network': 'なし: ネットワークの列がないランがあります',
    flat: 'なし: 照合できるネットワークの通信がありません',
    'too-short': 'なし: ランの重なりが短すぎます',
    unclear: 'ネットワークの通信に明確な一致がありません',
  },
  steadyWindows: '各ランの定常状態の区間',
  noSteady: (tags) => `${tags}: 定常状態が見つからないためラン全体`,
  ownWindows: (parts) => `各ランの区間 (${parts})、その開始をランの 0 として`,
  wholeRun: 'ラン全体',
  layout: 'レイアウト',
  hostsSideBySide: 'ホストを並べて表示: 各ランの値のみ、差分なし (別のマシン)',
};

export const TABLE_TEXT: Readonly<Record<Lang, TableText>> = { en, ja };
