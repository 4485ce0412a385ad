/**
 * The findings a report page shows for a run: those stored with the report, or — when the view gives link
 * speeds (`link=eth0:10G`, so `net-near-link` can run) — those the server makes with them
 * (`GET /api/reports/:id/findings?link=…`). An offline report has only its stored ones.
 */
import { useEffect, useState } from 'react';
import type { RunFindings } from '../../../shared/findings/finding.js';
import { formatLinkSpeeds, type LinkSpeed } from '../../../shared/findings/link-speeds.js';
import { useFindingsT } from './use-findings-t.js';

/** The URL of a report's findings made with link speeds (every run's: `{runs: RunFindings[]}`). */
export function findingsUrl(id: string, links: readonly LinkSpeed[]): string {
  const q = links.length > 0 ? `?link=${encodeURIComponent(formatLinkSpeeds(links))}` : '';
  return `/api/reports/${encodeURIComponent(id)}/findings${q}`;
}

/** The findings of one run in the route's answer (`{runs: RunFindings[]}`); null when it has none. */
export function runFindingsOf(body: unknown, runIndex: number): RunFindings | null {
  const runs = (body as { runs?: unknown } | null)?.runs;
  const f = Array.isArray(runs) ? (runs[runIndex] as Partial<RunFindings> | undefined) : undefined;
  return f && Array.isArray(f.findings) && Array.isArray(f.checked) && Array.isArray(f.skipped) ? (f as RunFindings) : null;
}

export function useRunFindings(
  id: string,
  runIndex: number,
  stored: RunFindings | null,
  links: readonly LinkSpeed[],
  offline: boolean,
): { findings: RunFindings | null; note: string | null } {
  const f = useFindingsT();
  const linkText = formatLinkSpeeds(links);
  const [fetched, setFetched] = useState<{ key: string; findings: RunFindings | null; failed: boolean } | null>(null);
  const key = `${id}|${runIndex}|${linkText}`;
  useEffect(() => {
    if (offline || linkText === '') return;
    let live = true;
    const load = async (): Promise<RunFindings | null> => {
      const res = await fetch(findingsUrl(id, links));
      return res.ok ? runFindingsOf(await res.json(), runIndex) : null;
    };
    // A failure keeps the stored findings and says the link speeds could not be used.
    void load()
      .catch(() => null)
      .then((findings) => {
        if (live) setFetched({ key, findings, failed: findings === null });
      });
    return () => {
      live = false;
    };
    // `links` is read through its text (`linkText`, part of `key`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, offline]);
  if (offline || linkText === '') return { findings: stored, note: null };
  if (fetched?.key === key && fetched.findings) return { findings: fetched.findings, note: f.linkNote(linkText) };
  if (fetched?.key === key && fetched.failed) return { findings: stored, note: f.loadFailed };
  return { findings: stored, note: null };
}
