/**
 * "Compare with…" on a report page: open the compare page with this run and another report (its URL or
 * id, `ID:N` for a run of a multi-run file), one of this browser's recent reports (web/src/recent/), or with
 * two runs of this file when it has several.
 */
import { useState, type FormEvent } from 'react';
import { parseRunRefs } from '../../../shared/api/compare-ref.js';
import { comparePath } from '../api/client.js';
import { useCompareText } from '../compare/compare-text.js';
import { followLink, navigate } from '../router.js';
import { formatDateTime, formatDuration } from '../format.js';
import { useLang, useT } from '../i18n/i18n.js';
import { recentReports, type RecentReport } from '../recent/recent-reports.js';

/** The run another report's text names: a report URL (`…/r/ID?run=N`), `ID` or `ID:N`; null if none. */
export function runRefOf(text: string): string | null {
  const s = text.trim();
  const url = /\/r\/([A-Za-z0-9_-]{22})(?:[/?#]|$)/.exec(s);
  if (url) {
    const run = /[?&]run=(\d{1,7})(?:&|#|$)/.exec(s);
    return run && Number(run[1]) >= 1 ? `${url[1]}:${Number(run[1])}` : url[1]!;
  }
  const parsed = parseRunRefs(s);
  return parsed.ok && parsed.refs.length === 1 ? s : null;
}

export function CompareWith({ id, run, runCount }: { id: string; run: number; runCount: number }) {
  const c = useCompareText();
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pair, setPair] = useState<[number, number]>([Math.max(1, run - 1), run === 1 ? Math.min(2, runCount) : run]);
  const self = runCount > 1 ? `${id}:${run}` : id;
  // Read when the page opens (this report was remembered by then): the others, newest first.
  const [recent] = useState<RecentReport[]>(() => recentReports().filter((r) => r.id !== id));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ref = runRefOf(other);
    if (!ref) {
      setProblem(c.notAReport);
      return;
    }
    navigate(comparePath([self, ref]));
  };

  return (
    <details className="compare-with">
      <summary>{c.compareWith}</summary>
      <form onSubmit={submit}>
        <label>
          {c.compareWithLabel}{' '}
          <input type="text" value={other} onChange={(e) => setOther(e.currentTarget.value)} size={40} />
        </label>{' '}
        <button type="submit">{c.compareGo}</button>
        {problem && <span role="alert"> {problem}</span>}
      </form>
      {recent.length > 0 && <RecentList self={self} recent={recent} />}
      {runCount > 1 && (
        <p>
          {c.compareRuns}:{' '}
          {[0, 1].map((k) => (
            <select
              key={k}
              aria-label={`${c.compareRuns} ${k + 1}`}
              value={pair[k]}
              onChange={(e) => {
                const v = Number(e.currentTarget.value);
                setPair((p) => (k === 0 ? [v, p[1]] : [p[0], v]));
              }}
            >
              {Array.from({ length: runCount }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
          ))}{' '}
          <button type="button" onClick={() => navigate(comparePath([`${id}:${pair[0]}`, `${id}:${pair[1]}`]))}>
            {c.compareGo}
          </button>
        </p>
      )}
    </details>
  );
}

/** This browser's other recent reports, each a link to the compare page of this run with it. */
function RecentList({ self, recent }: { self: string; recent: readonly RecentReport[] }) {
  const c = useCompareText();
  const t = useT();
  const lang = useLang();
  return (
    <section className="compare-recent" aria-label={c.recentTitle}>
      <p>{c.recentTitle}:</p>
      <ul>
        {recent.map((r) => (
          <li key={r.id} data-recent-report={r.id}>
            {/* Host and file name come from the CSV: React text, inert. */}
            <a href={comparePath([self, r.id])} onClick={followLink}>
              {c.recentItem(r.host || t.hostUnknown, r.fileName, formatDateTime(r.start), formatDuration(r.duration * 1000, lang))}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
