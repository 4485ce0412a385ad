/**
 * The compare page's findings (docs/ui-contract.md §24): for each run against the baseline, the findings
 * new in it, gone from it and changed (shared/findings/compare-findings.ts), one row each — a small table
 * above the Δ table. Runs stored without findings are left out; nothing when no run has any.
 */
import { useMemo } from 'react';
import { diffFindings, type FindingDiff } from '../../../shared/findings/compare-findings.js';
import type { RunFindings } from '../../../shared/findings/finding.js';
import { findingSpan } from '../../../shared/findings/finding-ref.js';
import { useLang } from '../i18n/i18n.js';
import { checkName } from './findings-messages.js';
import { useFindingsT } from './use-findings-t.js';
import { peakValue, secondsText } from './findings-text.js';
import { storedRunFindings } from '../../../shared/report/run-data.js';
import './findings.css';

export interface CompareFindingsProps {
  /** The compared runs in page order, each with its tag (A, B …). */
  runs: readonly { run: object; label: { tag: string } }[];
  baseline: number;
}

interface Row extends FindingDiff {
  tag: string;
}

export function CompareFindings({ runs, baseline }: CompareFindingsProps) {
  const f = useFindingsT();
  const lang = useLang();
  const findings = useMemo(() => runs.map((r) => storedRunFindings(r.run)), [runs]);
  const base = findings[baseline] ?? null;
  const rows = useMemo(() => {
    if (!base) return [];
    const out: Row[] = [];
    findings.forEach((run: RunFindings | null, i) => {
      if (i === baseline || !run) return;
      for (const d of diffFindings(base, run)) if (d.change !== 'same') out.push({ ...d, tag: runs[i]!.label.tag });
    });
    return out;
  }, [base, findings, baseline, runs]);
  if (!base || findings.every((x) => x === null)) return null;
  const anyFound = findings.some((x) => x !== null && x.findings.length > 0);
  const word = { new: f.compareNew, gone: f.compareGone, changed: f.compareChanged, same: f.compareSame };
  return (
    <section className="compare-findings findings" data-compare-findings="" aria-labelledby="compare-findings-h">
      <h2 id="compare-findings-h" className="findings-title">
        {f.compareTitle}
      </h2>
      {!anyFound || rows.length === 0 ? (
        <p className="findings-none" data-findings-none="">
          {anyFound ? f.compareSameAll : f.compareNothing}
        </p>
      ) : (
        <table>
          <tbody>
            {rows.map((r, i) => {
              const shown = r.after ?? r.before!;
              const span = findingSpan(shown);
              return (
                <tr key={i} data-change={r.change} data-rule={shown.rule} data-run={r.tag}>
                  <td className="change-cell">
                    <span className={`change-${r.change}`}>{word[r.change]}</span> {f.compareIn(`${runs[baseline]!.label.tag} → ${r.tag}`)}
                  </td>
                  <td>
                    <span className={`severity severity-${shown.severity}`}>{f.severity[shown.severity]}</span> {checkName(shown.rule, lang)}
                  </td>
                  <td>
                    {shown.text[lang] || shown.text.en}
                    {r.change === 'changed' && r.before && r.after && (
                      <span className="finding-peak" data-peak-change="">
                        {' '}
                        ({f.peak} {peakValue(r.before.peak.value, r.before.peak.unit)} → {peakValue(r.after.peak.value, r.after.peak.unit)})
                      </span>
                    )}
                  </td>
                  <td className="finding-window">{span ? f.seconds(secondsText(span.from), secondsText(span.to)) : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
