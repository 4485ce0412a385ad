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

/** Memory for the report pages' first-screen images kept by the server (HTML with data: PNGs), in bytes. */
export const FIRST_SCREEN_CACHE_BYTES = 64 * 1024 * 1024;

/** Views of one report whose first screen the server draws and keeps (each URL query is one view). */
export const FIRST_SCREEN_VIEWS_PER_REPORT = 8;
