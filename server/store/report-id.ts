/** Report ids: REPORT_ID_BYTES random bytes from the OS CSPRNG, written as base64url (22 characters). */
import { randomBytes } from 'node:crypto';
import { REPORT_ID_BYTES } from '../../shared/limits.js';
import { ReportIdPattern } from '../../shared/api/schemas.js';

const idRegExp = new RegExp(ReportIdPattern);

export function newReportId(): string {
  return randomBytes(REPORT_ID_BYTES).toString('base64url');
}

/** True only for a string that can be a report id; anything else never reaches the file system. */
export function isReportId(value: unknown): value is string {
  return typeof value === 'string' && value.length === 22 && idRegExp.test(value);
}
