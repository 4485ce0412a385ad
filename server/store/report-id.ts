/** Report ids: REPORT_ID_BYTES random bytes from the OS CSPRNG, written as base64url (22 characters). */
import { randomBytes } from 'node:crypto';
import { REPORT_ID_BYTES } from '../../shared/limits.js';

export { isReportId } from '../../shared/api/report-id.js';

export function newReportId(): string {
  return randomBytes(REPORT_ID_BYTES).toString('base64url');
}
