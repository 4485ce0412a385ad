/** Why a rule could not run, in each language, with what would let it run. */
import type { FindingText } from './finding.js';

export const NO_PER_CPU: FindingText = {
  en: 'no per-CPU columns: record with -C 0,1,…,total or -f',
  ja: 'CPU ごとの列がありません: -C 0,1,…,total または -f を付けて記録してください',
};
export const NO_CPU_COUNT: FindingText = {
  en: 'the CPU count is unknown (no per-CPU columns, no -C list): record with -C 0,1,…,total or -f',
  ja: 'CPU 数が分かりません (CPU ごとの列も -C の一覧もありません): -C 0,1,…,total または -f を付けて記録してください',
};
export const NO_CPU: FindingText = {
  en: 'no CPU usage columns (usr, sys): record with -c',
  ja: 'CPU 使用率の列 (usr, sys) がありません: -c を付けて記録してください',
};
export const NO_PER_CPU_SIQ: FindingText = {
  en: 'no per-CPU softirq columns (siq): record with -C 0,1,…,total or -f on a dstat that shows siq',
  ja: 'CPU ごとのソフト割り込みの列 (siq) がありません: siq を表示する dstat で -C 0,1,…,total または -f を付けて記録してください',
};
export function missing(what: string, option: string): FindingText {
  return {
    en: `no ${what} columns: record with ${option}`,
    ja: `${what} の列がありません: ${option} を付けて記録してください`,
  };
}
export const NO_LINK: FindingText = {
  en: 'no link speed given (e.g. ?link=eth0:10G, CLI --link eth0:10G)',
  ja: 'リンク速度が指定されていません (例: ?link=eth0:10G、CLI では --link eth0:10G)',
};
export const TOO_SHORT: FindingText = {
  en: 'the run is too short for this check',
  ja: 'この確認には記録が短すぎます',
};
