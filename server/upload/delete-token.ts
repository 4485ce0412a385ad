/**
 * A report's delete token: 256 random bits, handed to the uploader once; the store keeps only its SHA-256
 * (in the summary), so neither a copy of the data directory nor a leaked summary lets anyone delete.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ReportSummary } from '../../shared/api/schemas.js';
import { DELETE_TOKEN_BYTES } from '../../shared/limits.js';

export function newDeleteToken(): { token: string; sha256: string } {
  const token = randomBytes(DELETE_TOKEN_BYTES).toString('base64url');
  return { token, sha256: sha256Hex(token) };
}

/** Constant time in the token's content: both sides are digests of equal length. */
export function deleteTokenMatches(token: string, storedSha256: string | undefined): boolean {
  if (!storedSha256 || !/^[0-9a-f]{64}$/.test(storedSha256)) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(token), 'hex'), Buffer.from(storedSha256, 'hex'));
}

/** A summary derived again (after a parser change) keeps the delete token of the one it replaces. */
export function keepDeleteToken(fresh: ReportSummary, old: ReportSummary): ReportSummary {
  return old.deleteTokenSha256 ? { ...fresh, deleteTokenSha256: old.deleteTokenSha256 } : fresh;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
