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
};

const MESSAGES: Record<Lang, ExportMessages> = { en, ja };

export function useExportT(): ExportMessages {
  return MESSAGES[useLang()];
}
