/** The findings stored with a run of a report (RunJson.findings), or null for a report stored before them. */
import type { RunFindings } from '../../../shared/findings/finding.js';

export function storedFindings(run: object | undefined): RunFindings | null {
  const f = (run as { findings?: RunFindings | null } | undefined)?.findings;
  return f && Array.isArray(f.findings) ? f : null;
}
