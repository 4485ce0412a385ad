/**
 * Whether a report id that is not (yet) a report is a live report still waiting for its first row: the
 * link `dstatview live` prints as soon as it has read the log's header, opened before dstat's first sample.
 */
import type { LiveStatusJson } from '../../../shared/api/live-json.js';

export async function liveWithoutRows(id: string): Promise<boolean> {
  try {
    const res = await fetch(`/api/live/${encodeURIComponent(id)}`, { cache: 'no-store' });
    if (!res.ok) return false;
    return ((await res.json()) as LiveStatusJson).state === 'live';
  } catch {
    return false;
  }
}
