/**
 * The loader's seam for an offline report (one HTML file, shared/export/embedded.ts): the report's JSON is
 * inside the page, gzipped, and read from there instead of fetched. Decoding it is the same work as the
 * worker's after its fetch (JSON.parse, then columns), done here on the page: there is no server, and a
 * file:// page cannot start a worker.
 */
import { EMBEDDED_REPORT_ELEMENT_ID, type EmbeddedReport } from '../../../shared/export/embedded.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { toColumnar, type ColumnarReport } from '../../../shared/report/columnar.js';

let cached: EmbeddedReport | null | undefined;

/** The embedded report of this page, or null on a served page. */
export function embeddedReport(): EmbeddedReport | null {
  if (cached !== undefined) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_REPORT_ELEMENT_ID);
  let found: EmbeddedReport | null = null;
  if (el && el.getAttribute('type') === 'application/json') {
    try {
      const data = JSON.parse(el.textContent ?? '') as EmbeddedReport;
      if (data && data.v === 1 && typeof data.id === 'string' && typeof data.reportJsonGz === 'string') found = data;
    } catch {
      found = null;
    }
  }
  cached = found;
  return found;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The embedded report as columns, when this page carries report `id`; null otherwise. */
export async function loadEmbedded(id: string): Promise<ColumnarReport | null> {
  const e = embeddedReport();
  if (!e || e.id !== id) return null;
  const gz = new Blob([fromBase64(e.reportJsonGz)]).stream().pipeThrough(new DecompressionStream('gzip'));
  const text = await new Response(gz).text();
  return toColumnar(JSON.parse(text) as ReportJson);
}
