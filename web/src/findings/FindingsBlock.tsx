/**
 * The Findings block at the top of a report (docs/ui-contract.md §24): what limited the run, most severe
 * first, one line each — severity, the finding's sentence in the page's language, its window (seconds and
 * clock time) and peak. Choosing one zooms every chart to its window and shades it on the charts it names
 * (the view's `finding` and from/to, so the link is shareable). Nothing found: says so, with the checks that
 * ran and those that could not (and why). Compact so that the first screen keeps its charts: folded, it is
 * one line — the title and counts (a toggle) and the most severe finding, itself a button; unfolded, every
 * finding a line, and the checks. Every text from the report is React text (inert).
 */
import { useMemo, useState } from 'react';
import type { RunFindings } from '../../../shared/findings/finding.js';
import { useLang } from '../i18n/i18n.js';
import { checkName } from './findings-messages.js';
import { useFindingsT } from './use-findings-t.js';
import { findingRows, severityCounts } from './findings-text.js';
import './findings.css';

export interface FindingsBlockProps {
  /** The run's findings; null: the report was stored without them. */
  findings: RunFindings | null;
  /** Time (ms) of the run's row 0: second 0 of the findings' windows. */
  start: number;
  /** The view's `finding` (a reference), or null. */
  selected: string | null;
  /** A finding chosen (its reference), or null to clear the choice. */
  onSelect: (ref: string | null) => void;
  /** A note under the list (the link speeds in effect, a failure to load them). */
  note?: string | null;
}

export function FindingsBlock({ findings, start, selected, onSelect, note }: FindingsBlockProps) {
  const f = useFindingsT();
  const lang = useLang();
  const rows = useMemo(() => (findings ? findingRows(findings, start, lang) : []), [findings, start, lang]);
  // Folded to one line unless the selected finding is not the first (it must stay in sight).
  const [open, setOpen] = useState(() => selected !== null && rows.findIndex((r) => r.ref === selected) > 0);
  if (!findings) {
    return (
      <section className="findings" data-findings="" data-findings-state="none" aria-label={f.title}>
        <p className="findings-bar">
          <b className="findings-title">{f.title}</b> <span className="findings-none">{f.notEvaluated}</span>
        </p>
      </section>
    );
  }
  const counts = severityCounts(findings);
  const found = rows.length > 0;
  const shown = open ? rows : rows.slice(0, 1);
  return (
    <section
      className={`findings${open ? ' open' : ''}`}
      data-findings=""
      data-findings-state={found ? 'found' : 'nothing'}
      aria-labelledby="findings-h"
    >
      <div className="findings-bar">
        <button
          type="button"
          className="findings-toggle"
          data-findings-toggle=""
          aria-expanded={open}
          aria-controls="findings-more"
          onClick={() => setOpen((o) => !o)}
        >
          <span id="findings-h" className="findings-title">
            {f.title}
          </span>
          {found &&
            counts.map((c) => (
              <span key={c.severity} className={`severity severity-${c.severity}`}>
                {c.n} {f.severity[c.severity]}
              </span>
            ))}
        </button>
        {!found && (
          <span className="findings-none" data-findings-none="">
            {f.nothing}
          </span>
        )}
        {found && (
          <ol className="findings-list">
            {shown.map((r) => {
              const isSelected = r.ref === selected;
              return (
                <li key={r.ref} data-finding={r.ref} data-rule={r.finding.rule} data-severity={r.severity} data-selected={isSelected ? 'true' : undefined}>
                  <button
                    type="button"
                    className="finding-button"
                    aria-pressed={isSelected}
                    title={r.text}
                    onClick={() => onSelect(isSelected ? null : r.ref)}
                  >
                    <span className={`severity severity-${r.severity}`}>{f.severity[r.severity]}</span>
                    <span className="finding-text">{r.text}</span>
                    <span className="finding-window" data-finding-window="">
                      {r.window}
                      {r.clock && <span className="finding-clock"> ({r.clock})</span>}
                    </span>
                    {r.peak && (
                      <span className="finding-peak">
                        {f.peak} {r.peak}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div id="findings-more" className="findings-checks" hidden={!open}>
        <details data-findings-checked="">
          <summary>{f.checked(findings.checked.length)}</summary>
          <ul>
            {findings.checked.map((rule) => (
              <li key={rule} data-check={rule}>
                {checkName(rule, lang)}
              </li>
            ))}
          </ul>
        </details>
        {findings.skipped.length > 0 && (
          <details data-findings-skipped="">
            <summary>{f.skipped(findings.skipped.length)}</summary>
            <ul>
              {findings.skipped.map((sk) => (
                <li key={sk.rule} data-check={sk.rule}>
                  {checkName(sk.rule, lang)}: {sk.why[lang] || sk.why.en}
                </li>
              ))}
            </ul>
          </details>
        )}
        {selected !== null && (
          <button type="button" className="findings-clear" onClick={() => onSelect(null)}>
            {f.clear}
          </button>
        )}
      </div>
      {note && <p className="findings-note">{note}</p>}
    </section>
  );
}
