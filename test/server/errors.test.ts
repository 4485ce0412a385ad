import { describe, expect, it } from 'vitest';
import * as errors from '../../server/errors.js';
import { API_ERROR_CODES } from '../../shared/api/error-codes.js';
import type { DstatErrorCode } from '../../shared/dstat/errors.js';

describe('server errors', () => {
  it('only use codes listed in shared/api/error-codes.ts', () => {
    // The @fastify/error constructors (ReportFormatError takes its code from the parser: checked below).
    const constructors = Object.entries(errors).filter(
      ([name, value]) => typeof value === 'function' && /^[A-Z]\w*Error$/.test(name) && name !== 'ReportFormatError',
    );
    expect(constructors.length).toBeGreaterThan(8);
    for (const [name, Ctor] of constructors) {
      const err = new (Ctor as new (...args: string[]) => { code: string; statusCode: number })('x');
      expect(API_ERROR_CODES, name).toContain(err.code);
      expect(err.statusCode, name).toBeGreaterThanOrEqual(400);
    }
    const parserCodes: Record<DstatErrorCode, true> = {
      NOT_DSTAT: true,
      EMPTY_FILE: true,
      NO_DATA_ROWS: true,
      ROWS_MISALIGNED: true,
      BINARY_FILE: true,
      TOO_LARGE: true,
    };
    for (const code of Object.keys(parserCodes)) expect(API_ERROR_CODES).toContain(code);
  });

  it('make a 422 with position from a parser failure', () => {
    const err = errors.reportFormatError({ code: 'NOT_DSTAT', line: 4, column: 2, message: 'line 4, column 2: x' });
    expect(err).toMatchObject({ statusCode: 422, code: 'NOT_DSTAT', line: 4, column: 2, message: 'line 4, column 2: x' });
    expect(errors.isReportFormatError(err)).toBe(true);
    expect(errors.isReportFormatError(new Error('x'))).toBe(false);
  });

  it('write limits as a person reads them', () => {
    expect(errors.formatBytes(1000)).toBe('1000 bytes');
    expect(errors.formatBytes(4 * 1024 * 1024)).toBe('4 MiB');
    expect(errors.formatBytes(1536)).toBe('1.5 KiB (1536 bytes)');
    // Each unit from exactly one of it.
    expect([1023, 1024, 1024 ** 2, 1024 ** 3, 1.5 * 1024 ** 3].map(errors.formatBytes)).toEqual(['1023 bytes', '1 KiB', '1 MiB', '1 GiB', `1.5 GiB (${1.5 * 1024 ** 3} bytes)`]);
    expect(new errors.FileTooLargeError(errors.formatBytes(1000)).message).toBe('the file is larger than the upload limit of 1000 bytes');
  });
});
