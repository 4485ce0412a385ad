/** Words of the export features (copy statistics, download menu), in English and Japanese. */
import { useLang, type Lang } from '../i18n/i18n.js';

const en = {
  copyMarkdown: 'Copy as Markdown',
  copyTsv: 'Copy as TSV',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the text and copy it',
  copyStatsOf: (what: string) => `Copy the statistics of ${what}`,
  summary: 'Statistics of every chart',
  summaryNote: 'min, avg, p95 and max of every series (offset and duration applied), for a ticket, a wiki or a spreadsheet',
  download: 'Download',
  downloadHtml: 'Offline report (HTML, one file)',
  downloadZip: 'ZIP: report, PNG of every chart, CSV, statistics',
  downloadCsv: 'CSV as uploaded',
  series: 'Series',
  unit: 'Unit',
  host: 'Host',
  file: 'File',
  run: 'Run',
  window: 'Window',
  unitsShown: 'Units: as each figure shows',
  unitsColumn: 'Units: the Unit column (figures in full, not rounded)',
  idleLeftOut: (n: number) => `${n} series of idle devices (every value 0) left out`,
};

export type ExportMessages = typeof en;

const ja: ExportMessages = {
  copyMarkdown: 'Markdown でコピー',
  copyTsv: 'TSV でコピー',
  copied: 'コピーしました',
  copyFailed: 'コピーできませんでした: テキストを選択してコピーしてください',
  copyStatsOf: (what: string) => `${what} の統計をコピー`,
  summary: '全グラフの統計',
  summaryNote: '各系列の最小・平均・95 パーセンタイル・最大 (オフセットと期間を適用、チケット・Wiki・表計算ソフト向け)',
  download: 'ダウンロード',
  downloadHtml: 'オフラインレポート (HTML 1 ファイル)',
  downloadZip: 'ZIP: レポート、全グラフの PNG、CSV、統計',
  downloadCsv: 'アップロードされた CSV',
  series: '系列',
  unit: '単位',
  host: 'ホスト',
  file: 'ファイル',
  run: '記録',
  window: '期間',
  unitsShown: '単位: 各値に表示',
  unitsColumn: '単位: 単位列 (値は丸めずに記載)',
  idleLeftOut: (n: number) => `アイドルなデバイスの系列 ${n} 件 (すべて 0) は省略`,
};

const MESSAGES: Record<Lang, ExportMessages> = { en, ja };

export function useExportT(): ExportMessages {
  return MESSAGES[useLang()];
}
