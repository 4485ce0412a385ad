/**
 * Worker-pool task (the parse workers, plugins/parser-pool.ts): a stored report's findings per run, as
 * stored with it (the parse made them from the raw samples), with `net-near-link` evaluated on the stored
 * samples when link speeds are given. Off the event loop: a big report is tens of MB of JSON.
 */
import { gunzipSync } from 'node:zlib';
import type { ReportFindingsJson } from '../../shared/api/findings-schema.js';
import type { ReportJson } from '../../shared/api/schemas.js';
import { evaluateFindings } from '../../shared/findings/evaluate.js';
import { withLinks } from '../../shared/findings/with-links.js';
import { toColumnarRun } from '../../shared/report/columnar.js';

export interface FindingsTask {
  /** The stored ReportJson, gzipped. */
  reportJsonGz: Uint8Array;
  /** Link speeds in bytes/s per interface (shared/findings/link.ts), as entries; empty for none. */
  links: [string, number][];
}

export function findingsTask(task: FindingsTask): ReportFindingsJson {
  const report = JSON.parse(gunzipSync(task.reportJsonGz).toString('utf8')) as ReportJson;
  const links = new Map(task.links);
  return {
    runs: report.runs.map((run) => {
      // A run stored without findings (hand-made JSON) gets them from its samples, as the parse would.
      const needColumns = links.size > 0 || !run.findings;
      const columns = needColumns ? toColumnarRun(run) : null;
      const stored = run.findings ?? evaluateFindings(columns!);
      return links.size > 0 ? withLinks(stored, columns!, links) : stored;
    }),
  };
}
