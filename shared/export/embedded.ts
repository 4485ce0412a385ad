/**
 * The report data an offline report (one HTML file) carries: the element that holds it and its shape.
 * Written by the server / CLI (server/export/offline-html.ts), read by the web app's loader
 * (web/src/data/embedded.ts) before it would fetch anything.
 */

/** `<script type="application/json" id="dv-embedded-report">`: never run, only read. */
export const EMBEDDED_REPORT_ELEMENT_ID = 'dv-embedded-report';

export interface EmbeddedReport {
  /** Format of this object. */
  v: 1;
  /** The report's id (its page in the offline file stands for `/r/<id>`). */
  id: string;
  /** The view to open with (docs/ui-contract.md item 5), e.g. `?height=300`, or ''. */
  search: string;
  /** The ReportJson (GET /api/reports/:id), gzipped, as base64. */
  reportJsonGz: string;
}

/**
 * JSON for inside a `<script>` element: `<` written as `\u003c` (so no text from the CSV can close the
 * element or open a comment), and U+2028/U+2029 escaped as well.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
