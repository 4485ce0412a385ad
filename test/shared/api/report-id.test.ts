/**
 * isReportId: the one check every id passes before it reaches storage, the API or the page entry.
 */
import { describe, expect, it } from 'vitest';
import { isReportId, REPORT_ID_PATTERN } from '../../../shared/api/report-id.js';

const ID = 'AbCdEfGhIjKlMnOpQr09-_'; // 22 characters of the base64url alphabet

describe('isReportId', () => {
  it('accepts exactly 22 characters of the base64url alphabet', () => {
    expect(ID).toHaveLength(22);
    expect(isReportId(ID)).toBe(true);
    expect(isReportId('A'.repeat(22))).toBe(true);
    expect(isReportId('-'.repeat(22))).toBe(true);
  });

  it('refuses other lengths, other characters and anything that could reach a path', () => {
    for (const bad of [
      '',
      ID.slice(1), // 21
      ID + 'A', // 23
      ID.slice(0, 21) + '+', // base64, not base64url
      ID.slice(0, 21) + '/',
      ID.slice(0, 21) + '=',
      ID.slice(0, 21) + '.',
      '../' + ID.slice(3),
      ID.slice(0, 21) + '\n',
      ID + '\n',
      ID.slice(0, 21) + 'é',
      ` ${ID.slice(1)}`,
    ]) {
      expect(isReportId(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses what is not a string', () => {
    for (const bad of [undefined, null, 22, ['A'.repeat(22)], { toString: () => ID }]) expect(isReportId(bad)).toBe(false);
  });

  it('publishes the same rule as a pattern for the API schemas, anchored at both ends', () => {
    const re = new RegExp(REPORT_ID_PATTERN);
    expect(re.test(ID)).toBe(true);
    expect(re.test(`x${ID}`)).toBe(false);
    expect(re.test(`${ID}x`)).toBe(false);
    expect(re.test(ID.slice(1))).toBe(false);
  });
});
