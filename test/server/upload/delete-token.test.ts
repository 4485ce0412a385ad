/**
 * A report's delete token: 256 random bits for the uploader, only its SHA-256 kept.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteTokenMatches, keepDeleteToken, newDeleteToken } from '../../../server/upload/delete-token.js';
import type { ReportSummary } from '../../../shared/api/schemas.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('newDeleteToken', () => {
  it('is 32 random bytes in base64url, with the SHA-256 of that text', () => {
    const { token, sha256: digest } = newDeleteToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(digest).toBe(sha256(token));
    expect(newDeleteToken().token).not.toBe(token);
  });
});

describe('deleteTokenMatches', () => {
  const { token, sha256: stored } = newDeleteToken();

  it('takes the token whose digest is kept', () => {
    expect(deleteTokenMatches(token, stored)).toBe(true);
  });

  it('refuses another token, the digest itself, and a report without a digest', () => {
    expect(deleteTokenMatches(newDeleteToken().token, stored)).toBe(false);
    expect(deleteTokenMatches(stored, stored)).toBe(false);
    expect(deleteTokenMatches(token, undefined)).toBe(false);
    expect(deleteTokenMatches('', '')).toBe(false);
  });

  it('refuses a kept digest that is not 64 lower-case hex digits, without throwing', () => {
    expect(deleteTokenMatches(token, stored.toUpperCase())).toBe(false);
    expect(deleteTokenMatches(token, stored.slice(0, 62))).toBe(false);
    expect(deleteTokenMatches(token, `${stored}00`)).toBe(false);
    expect(deleteTokenMatches(token, ` ${stored}`)).toBe(false);
  });
});

describe('keepDeleteToken', () => {
  const summary = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'x.csv' } as ReportSummary;

  it('carries the old digest over to the summary derived again', () => {
    expect(keepDeleteToken(summary, { ...summary, deleteTokenSha256: 'ab'.repeat(32) })).toEqual({
      ...summary,
      deleteTokenSha256: 'ab'.repeat(32),
    });
  });

  it('leaves a summary alone when the old one had no digest', () => {
    expect(keepDeleteToken(summary, { ...summary })).toBe(summary);
  });
});
