/**
 * What the Findings block shows of a run's findings, pure (no DOM, no React): their order (most severe
 * first, then as the engine ranked them: the longest first), each one's window and peak as text, the
 * reference the view's `finding` takes.
 */
import type { Finding, FindingSeverity, RunFindings } from '../../../shared/findings/finding.js';
import { findingSpan, refOfFinding } from '../../../shared/findings/finding-ref.js';
import { formatClock, formatValue } from '../format.js';
import type { Lang } from '../i18n/messages.js';
import { findingsMessages } from './findings-messages.js';

const RANK: Readonly<Record<FindingSeverity, number>> = { critical: 0, warning: 1, info: 2 };

/** A finding as the block lists it: the finding, its reference (the view's `finding`), its texts. */
export interface FindingRow {
  finding: Finding;
  ref: string;
  severity: FindingSeverity;
  text: string;
  /** `20–81 s` (seconds from the run's row 0), or `3 windows, 20–81 s`. */
  window: string;
  /** The window's clock time, `12:00:20–12:01:21`. */
  clock: string;
  /** `7.9 procs at 45 s`. */
  peak: string;
}

/** Seconds as the block writes them: whole seconds, tenths below 10 s. */
export function secondsText(s: number): string {
  return s < 10 && !Number.isInteger(s) ? (Math.round(s * 10) / 10).toString() : String(Math.round(s));
}

/**
 * The findings most severe first, then as the run lists them (shared/findings/evaluate.ts ranks the longest
 * first); each with its reference (computed on the run's own list, so a link names the same finding).
 */
export function findingRows(run: RunFindings, start: number, lang: Lang): FindingRow[] {
  const m = findingsMessages(lang);
  const rows = run.findings.map((finding, index) => ({ finding, index, ref: refOfFinding(run.findings, index) }));
  rows.sort((a, b) => RANK[a.finding.severity] - RANK[b.finding.severity] || a.index - b.index);
  return rows.map(({ finding, ref }) => {
    const span = findingSpan(finding);
    const seconds = span ? m.seconds(secondsText(span.from), secondsText(span.to)) : '';
    const window = finding.windows.length > 1 ? `${m.windows(finding.windows.length)}, ${seconds}` : seconds;
    const clock = span ? `${formatClock(start + span.from * 1000)}–${formatClock(start + span.to * 1000)}` : '';
    const p = finding.peak;
    const peak = Number.isFinite(p.value) ? m.peakAt(peakValue(p.value, p.unit), secondsText(p.at)) : '';
    return { finding, ref, severity: finding.severity, text: finding.text[lang] || finding.text.en, window, clock, peak };
  });
}

/** Units a finding's peak may name (`B`, `B/s`) as the page's formatter knows them. */
const UNIT_ALIASES: Readonly<Record<string, string>> = { B: 'bytes', 'B/s': 'bytes/s', s: 'seconds' };

/** A peak's value with its unit: `12.3 MiB/s`, `97.0 %`, `7,109 /s`, `7.9 procs`. */
export function peakValue(value: number, unit: string): string {
  const u = UNIT_ALIASES[unit] ?? unit;
  const text = formatValue(value, u);
  return ['bytes', 'bytes/s', '%', '/s', 'seconds', '', 'count'].includes(u) ? text : `${text} ${unit}`;
}

/** How many of each severity, most severe first (for the block's summary line). */
export function severityCounts(run: RunFindings): { severity: FindingSeverity; n: number }[] {
  const out: { severity: FindingSeverity; n: number }[] = [];
  for (const severity of ['critical', 'warning', 'info'] as const) {
    const n = run.findings.filter((f) => f.severity === severity).length;
    if (n > 0) out.push({ severity, n });
  }
  return out;
}
