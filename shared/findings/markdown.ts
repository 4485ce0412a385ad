/**
 * Findings as a Markdown list (the CLI's `findings`, an export's `findings.md`): per run, each finding's
 * severity, rule, window and text; then what was checked and what could not run. CSV-derived text (device
 * names in a finding's text) is escaped so it stays inert.
 */
import type { RunFindings } from './finding.js';
import type { Lang } from './text.js';

const SEVERITY: Record<string, { en: string; ja: string }> = {
  critical: { en: 'critical', ja: '重大' },
  warning: { en: 'warning', ja: '警告' },
  info: { en: 'info', ja: '情報' },
};

/** Markdown-inert text: the characters that start emphasis, code, links, tables or HTML get a backslash or an entity. */
export function inertMarkdown(s: string): string {
  return s.replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`).replace(/</g, '&lt;');
}

export function findingsMarkdown(runs: readonly { index: number; findings: RunFindings | undefined }[], lang: Lang = 'en'): string {
  const lines: string[] = [lang === 'ja' ? '# 所見' : '# Findings', ''];
  for (const run of runs) {
    if (runs.length > 1) lines.push(lang === 'ja' ? `## 実行 ${run.index}` : `## Run ${run.index}`, '');
    const f = run.findings;
    if (!f) {
      lines.push(lang === 'ja' ? '所見は計算されていません。' : 'No findings were computed.', '');
      continue;
    }
    if (f.findings.length === 0) lines.push(lang === 'ja' ? '問題は見つかりませんでした。' : 'Nothing found.');
    for (const x of f.findings) {
      const win = x.windows.map((w) => `${w.from}–${w.to} s`).join(', ');
      lines.push(`- **${SEVERITY[x.severity]![lang]}** \`${x.rule}\` (${win}): ${inertMarkdown(x.text[lang])}`);
    }
    lines.push('', `${lang === 'ja' ? '確認した項目' : 'Checked'}: ${f.checked.map((c) => `\`${c}\``).join(', ') || '–'}`);
    if (f.skipped.length > 0) {
      lines.push('', lang === 'ja' ? '実行できなかった確認:' : 'Could not check:');
      for (const s of f.skipped) lines.push(`- \`${s.rule}\`: ${inertMarkdown(s.why[lang])}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
