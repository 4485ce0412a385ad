/**
 * What a report id looks like: REPORT_ID_BYTES (16) random bytes as base64url, 22 characters. Kept apart
 * from schemas.ts so the web app can check ids without bundling the TypeBox runtime.
 */

export const REPORT_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

const REPORT_ID = new RegExp(REPORT_ID_PATTERN);

/** True only for a string that can be a report id; anything else never reaches storage or the API. */
export function isReportId(value: unknown): value is string {
  return typeof value === 'string' && value.length === 22 && REPORT_ID.test(value);
}
