/**
 * The report data an offline page (one HTML file) carries: the elements that hold it and their shape. An
 * offline report carries one report, an offline compare page the reports of its runs. Written by the
 * server / CLI (server/export/report-files.ts, server/export/offline-compare-html.ts through
 * server/export/offline-html.ts), read by the web app's loader (web/src/data/embedded.ts) before it would
 * fetch anything.
 */

/** `<script type="application/json" id="dv-embedded-report">`: never run, only read. */
export const EMBEDDED_REPORT_ELEMENT_ID = 'dv-embedded-report';

/** `<script type="application/json" id="dv-embedded-compare">` of an offline compare page. */
export const EMBEDDED_COMPARE_ELEMENT_ID = 'dv-embedded-compare';

/** One report inside an offline page. */
export interface EmbeddedReportData {
  /** The report's id (its page in the offline file stands for `/r/<id>`; the compare page's `ids` name it). */
  id: string;
  /** The ReportJson (GET /api/reports/:id), gzipped, as base85 (shared/export/base85.ts)… */
  reportJsonGz: string;
  /** …of this many bytes. */
  gzBytes: number;
}

export interface EmbeddedReport extends EmbeddedReportData {
  /** Format of this object. */
  v: 2;
  /** The view to open with (docs/ui-contract.md item 5), e.g. `?height=300`, or ''. */
  search: string;
  /**
   * Where the CSV as uploaded sits, relative to the page (the ZIP's and the report directory's entry name,
   * URL-encoded); absent when the page does not come with it (a lone offline HTML file).
   */
  csvHref?: string;
  /** The live report's address (`https://host/r/<id>?…`) when the page was exported from a server. */
  liveUrl?: string;
}

/** What an offline report links to besides itself: the CSV beside it, the live report it was exported from. */
export interface OfflineLinks {
  /** The CSV's file name beside the page (an entry of the same ZIP or directory). */
  csvName?: string;
  /** The live report's absolute URL. */
  liveUrl?: string;
}

/** An offline compare page: the reports its runs come from (each once, however many of its runs are compared). */
export interface EmbeddedCompare {
  /** Format of this object. */
  v: 1;
  /** The compare page's query to open with (docs/ui-contract.md item 18): `?ids=…[&baseline=…]`. */
  search: string;
  reports: EmbeddedReportData[];
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
