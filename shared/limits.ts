/**
 * Every input limit of dstatview, in one place. The server enforces them; the web app uses the same
 * numbers to warn before an upload starts. Sizes are in bytes unless the name says otherwise.
 */

/** Default largest upload: 4 MiB, as dstat2graphs. The server's MAX_UPLOAD_BYTES may change it. */
export const DEFAULT_MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** Ceiling for MAX_UPLOAD_BYTES: the parser keeps a whole file in memory (about 8× its size). */
export const MAX_UPLOAD_BYTES_CEILING = 256 * 1024 * 1024;

/** Longest CSV line, in characters. The widest real header seen (1699 disks) is about 70 000. */
export const MAX_LINE_CHARS = 1024 * 1024;

/** Most columns in one header. Real files reach 3 399 (1 699 disks). */
export const MAX_COLUMNS = 20_000;

/**
 * Most columns in one group (one dstat plugin's block, drawn as one chart): real groups have 2–8 (a CPU, a
 * disk, memory), dool's per-CPU usage one per CPU. A wider group is refused (422 TOO_LARGE naming it and
 * its line): a chart of 20 000 lines took 132 s and 1.66 GB to draw.
 */
export const MAX_GROUP_COLUMNS = 256;

/** Most data rows in one file, all runs together (a day at 1 s is 86 400). */
export const MAX_ROWS = 2_000_000;

/** Most runs (appended header blocks) in one file. */
export const MAX_RUNS = 10_000;

/** Longest text kept from one cell (host names, command lines, top-* process names), in characters. */
export const MAX_TEXT_CELL_CHARS = 256;

/** Most warnings a parse keeps with their line numbers; the rest are only counted. */
export const MAX_REPORTED_ISSUES = 50;

/** Report ids carry this many random bytes (128 bits), written as base64url (22 characters). */
export const REPORT_ID_BYTES = 16;

/** Longest original file name kept with a report, in characters. */
export const MAX_FILE_NAME_CHARS = 200;

// --- A shared instance: many users, one server. Each default can be changed by the environment variable named in
// server/config.ts; these are the values without one.

/** Most open TCP connections, when the open-file limit does not call for fewer (server/config.ts). */
export const DEFAULT_MAX_CONNECTIONS = 2048;

/**
 * One client address may hold this share of the connection cap (MAX_CONNECTIONS / 16: 128 of 2048, 7 of
 * the 118 that `ulimit -n 300` allows), so that one address cannot take every connection.
 */
export const CONNECTIONS_PER_ADDRESS_DIVISOR = 16;

/** Uploads being received or parsed at once, server-wide; beyond it: 503 SERVER_BUSY + Retry-After. */
export const DEFAULT_MAX_CONCURRENT_UPLOADS = 32;

/** Uploads at once from one client address; beyond it: 429 TOO_MANY_UPLOADS + Retry-After. */
export const DEFAULT_MAX_UPLOADS_PER_CLIENT = 4;

/** Uploads one client address may start per minute; beyond it: 429 TOO_MANY_UPLOADS + Retry-After. */
export const DEFAULT_UPLOADS_PER_MINUTE = 30;

/** Uploads waiting for a parser thread, per thread; beyond it: 503 SERVER_BUSY + Retry-After. */
export const PARSE_QUEUE_PER_THREAD = 8;

/** Longest parse of one upload, in seconds; the worker is stopped and the upload gets 422 PARSE_TIMEOUT. */
export const DEFAULT_PARSE_TIMEOUT_SECONDS = 30;

/**
 * Live reports (a log followed while it grows, `dstatview live`): largest log one may grow to, in bytes
 * (MAX_LIVE_BYTES; a 1-s log of a small host is ~2 MB a day; never above maxDecompressedBytes, what a parser
 * thread reads), and how many may be open at once in all
 * (MAX_LIVE_REPORTS; beyond: 503 + Retry-After) and from one client address (MAX_LIVE_PER_CLIENT; beyond:
 * 429 + Retry-After).
 */
export const DEFAULT_MAX_LIVE_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_LIVE_REPORTS = 64;
export const DEFAULT_MAX_LIVE_PER_CLIENT = 4;

/** Largest batch of rows one append may carry, in bytes (the CLI sends at most this much at a time). */
export const LIVE_APPEND_MAX_BYTES = 1024 * 1024;

/** Seconds without growth after which a live log is finished (`dstatview live --idle`, and the server's). */
export const DEFAULT_LIVE_IDLE_SECONDS = 60;
/** Longest idle time a writer may ask for, in seconds (a day). */
export const MAX_LIVE_IDLE_SECONDS = 86_400;
/**
 * Seconds the server waits past a live report's idle time before it finishes the report itself (its writer
 * vanished): the writer's own idle end comes first. At most the idle time itself (1 s idle: 2 s in all).
 */
export const LIVE_IDLE_GRACE_SECONDS = 30;

/** Mean event-loop delay, in ms, above which new uploads are refused with 503 (load shedding). */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1000;

/** Seconds a refused client is told to wait (Retry-After) when the server is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Staging files older than this, in ms, that no live upload owns are removed by the periodic sweep. */
export const STAGING_MAX_AGE_MS = 15 * 60 * 1000;

/** How often the staging and retention sweeps run, in ms. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Random bytes of a report's delete token (256 bits), written as base64url (43 characters). */
export const DELETE_TOKEN_BYTES = 32;

/** Most runs one comparison (/api/compare, the compare page, `dstatview compare`) puts side by side. */
export const MAX_COMPARE_RUNS = 8;

/**
 * Parsed runs the server keeps in memory for comparisons, in bytes of their columns (8 bytes a value):
 * about a dozen 4 MiB logs, so comparing the same reports again (another window, baseline or shift)
 * never parses them again.
 */
export const COMPARE_CACHE_BYTES = 128 * 1024 * 1024;

/** Most files one upload request takes (each becomes its own report; several open the compare page). */
export const MAX_UPLOAD_FILES = MAX_COMPARE_RUNS;
/**
 * A gzip upload (detected by its magic bytes) may expand to this many times the upload limit: dstat logs
 * compress about 10×, so 64× leaves room for very regular logs while stopping a zip bomb early.
 */
export const MAX_GZIP_EXPANSION = 64;

/**
 * The parser holds a file's text at about 8× its size: a parser thread's heap is this many times the
 * largest text it is given (server/plugins/parser-pool.ts workerHeapMb), and at least MIN_PARSE_HEAP_BYTES.
 */
export const PARSE_HEAP_FACTOR = 16;
export const MIN_PARSE_HEAP_BYTES = 512 * 1024 * 1024;

/**
 * Largest decompressed CSV of a gzip upload, in bytes: MAX_GZIP_EXPANSION × the upload limit, never above
 * MAX_UPLOAD_BYTES_CEILING, nor above what a parser thread's heap is sized to read (its heap over
 * PARSE_HEAP_FACTOR: 32 MiB, or the upload limit when that is larger). Counted as the data is decompressed,
 * so a gzip bomb costs at most this much before its 413: a 1.09 MB gzip of 250 MB of rows had its
 * decompressed buffer (outside the thread's heap limit) and its text take 1.66 GB for 16 s under the
 * former 256 MiB bound, before it was refused for its row count anyway.
 */
export function maxDecompressedBytes(maxUploadBytes: number): number {
  const parserCanRead = Math.max(MIN_PARSE_HEAP_BYTES / PARSE_HEAP_FACTOR, maxUploadBytes);
  return Math.min(maxUploadBytes * MAX_GZIP_EXPANSION, MAX_UPLOAD_BYTES_CEILING, parserCanRead);
}

/**
 * Most chart PNGs in one ZIP export or `dstatview report`/`d2g` directory (charts of idle devices are never
 * drawn): each takes ~50 ms of CPU, and a 1 699-disk log has 3 400 charts. The rest are named in README.txt.
 */
export const MAX_EXPORT_PNGS = 300;

/**
 * Memory for the report pages' chart images kept by the server (HTML and PNG files), in bytes: 32 MiB holds
 * the default view of the last ~15 logs of 4 MB (~2 MB each: 15 charts, light and dark at 1× and 2×) or
 * ~60 small ones. Bounded so that the server's RSS stays level over many uploads (≤ 50 MiB of growth from the
 * 10th to the 100th upload of a 4 MB log); a page whose images have gone is drawn again
 * on its next request.
 */
export const FIRST_SCREEN_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Most charts of a report page the server draws as images (docs/ui-contract.md §21: the first screen and the
 * charts below it, shown while the page is scrolled before the app has drawn them): each costs ~0.1–0.3 s of
 * a worker's CPU (four images: light and dark at 1× and 2×) and ~0.1 MB of the cache above; a log of a few
 * devices has 10–20 charts. Further charts are drawn by the app only.
 */
export const PAGE_IMAGE_CHARTS = 32;

/** Views of one report whose first screen the server keeps or is drawing at a time (each URL query is one view). */
export const FIRST_SCREEN_VIEWS_PER_REPORT = 8;

/**
 * Memory for the compare pages' first screens kept by the server (HTML and PNG files), in bytes, apart from
 * the report pages' (FIRST_SCREEN_CACHE_BYTES): 8 MiB holds ~10 comparisons of two 4 MB logs (~0.8 MB each:
 * 6 overlay charts, light and dark at 1× and 2×); one that has gone is drawn again on its next request.
 */
export const COMPARE_FIRST_SCREEN_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Compare pages' first screens the server draws at once (each holds up to MAX_COMPARE_RUNS reports' data in
 * a worker for a second or more): further new views get no images until one is done, so a crawler of id
 * combinations cannot fill the worker pool.
 */
export const COMPARE_FIRST_SCREEN_DRAWS = 2;

/**
 * How long the server waits before drawing a compare page's first screen, in ms: the page that asked for it
 * (or the uploader's, opened right after the upload) loads without images anyway, and drawing them at the
 * same time would take CPU from it (on two cores, ~1 s more to its first screen); the images are for the
 * visitors after it.
 */
export const COMPARE_FIRST_SCREEN_DRAW_DELAY_MS = 5000;

/**
 * Buckets of a big run's reduced level of detail (GET /api/reports/:id/lod, shared/report/lod.ts): each
 * keeps its min and its max, so 4 096 buckets are 8 192 points per series — a full-width chart (≤ ~1 400
 * CSS px of plot) stays at pixel resolution down to a third of the run without the full data.
 */
export const LOD_BUCKETS = 4096;

/**
 * Runs of more rows than this are sent reduced (LOD_BUCKETS); smaller ones whole, in the same encoding. A
 * bucket becomes two rows, and stacks and computed totals travel reduced beside the series: below ~4 rows a
 * bucket the reduced level is no smaller than the run (measured, gzipped: a 4 MB, 11 309-row log is 1.37 MB
 * reduced, 0.90 MB whole; at 16 900 rows both ~1.25 MB; 100 000 rows: 1.5 MB reduced, 8.1 MB whole).
 */
export const LOD_MIN_ROWS = 4 * LOD_BUCKETS;

/**
 * Buckets of a report page's early-chart data (shared/report/first-screen-columns.ts): about the first-screen
 * images' width in CSS px (server/render/first-screen.ts FIRST_SCREEN_WIDTH), so the early charts draw what the
 * images show from a tenth of a 4 MB log's data (two points per bucket: 1 280 per series, not 11 000).
 */
export const FIRST_SCREEN_DATA_BUCKETS = 640;

/** Memory for the reports' encoded levels of detail kept by the server (gzip bytes). */
export const LOD_CACHE_BYTES = 32 * 1024 * 1024;

// --- Admission of heavy work (server/admission/): every task of the worker threads goes through one gate.

/** Reads (export images, a comparison's columns, a level of detail) waiting for a thread, per thread; beyond it: 503 SERVER_BUSY. */
export const READ_QUEUE_PER_THREAD = 8;

/**
 * Reads one client address may have waiting or running at once; beyond it: 429 TOO_MANY_REQUESTS. With the
 * queue above, one address can take at most half of the queue of a one-thread pool.
 */
export const READS_PER_CLIENT = 4;

/**
 * Longest read or background task of the worker threads (drawing charts, a level of detail, a comparison's
 * columns), in seconds, counted from its start: beyond it the thread is stopped (a read answers 503
 * TASK_TIMEOUT). A 4 MB log's 32 page charts take ~10 s at most on a busy core.
 */
export const RENDER_TIMEOUT_SECONDS = 30;

/**
 * First-screen views given up on a busy pool that are drawn again when it falls idle (the most recent;
 * server/plugins/first-screen.ts): enough for a burst of uploads, few enough that a crawler of URL variants
 * cannot keep the pool drawing.
 */
export const FIRST_SCREEN_RETRIES = 16;
/**
 * Exports (ZIP, offline HTML) made at once, server-wide: each holds its report parsed (~10× its stored gzip:
 * ~60 MB for a 4 MB log) and keeps the render threads busy for seconds; beyond it a request for an export
 * not already made or being made gets 503 EXPORTS_BUSY + Retry-After. Requests for the same export (report,
 * parser version, view, format) share one making and wait for it without taking a place. MAX_CONCURRENT_EXPORTS.
 */
export const DEFAULT_MAX_CONCURRENT_EXPORTS = 2;

/**
 * Memory for finished exports kept to answer the same request again (the whole file: a ZIP of a 4 MB log
 * is ~3–6 MB), in bytes; the least recently asked go first. EXPORT_CACHE_BYTES; 0 keeps none.
 */
export const DEFAULT_EXPORT_CACHE_BYTES = 64 * 1024 * 1024;
