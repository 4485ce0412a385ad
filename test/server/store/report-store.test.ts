import { describe, expect, it } from 'vitest';
import {
  ReportIdTakenError,
  StoreFullError,
  StoreInitError,
  StoreUnavailableError,
} from '../../../server/store/report-store.js';

describe("the report store's errors", () => {
  it('are named after their classes, as logs and the error handler print them', () => {
    expect(new StoreInitError('x').name).toBe('StoreInitError');
    expect(new ReportIdTakenError('x').name).toBe('ReportIdTakenError');
    expect(new StoreFullError('x').name).toBe('StoreFullError');
    expect(new StoreUnavailableError('x').name).toBe('StoreUnavailableError');
    expect(String(new StoreFullError('no space left'))).toBe('StoreFullError: no space left');
  });

  it('say which report id is taken', () => {
    const err = new ReportIdTakenError('AAAAAAAAAAAAAAAAAAAAAA');
    expect(err).toBeInstanceOf(Error);
    expect(err.id).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(err.message).toBe('a report with id AAAAAAAAAAAAAAAAAAAAAA already exists');
  });

  it('keep the error they stand for as their cause', () => {
    const cause = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    expect(new StoreFullError('full', { cause }).cause).toBe(cause);
    expect(new StoreUnavailableError('down', { cause }).cause).toBe(cause);
    expect(new StoreInitError('cannot start', { cause }).cause).toBe(cause);
  });
});
