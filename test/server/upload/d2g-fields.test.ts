/**
 * dstat2graphs' form fields beside an upload → the query of the report URL; the Accept header of a
 * browser's form post.
 */
import { describe, expect, it } from 'vitest';
import { uploadViewQuery, wantsHtml } from '../../../server/upload/d2g-fields.js';

function failure(fields: Record<string, string>): Error & { code?: string; statusCode?: number } {
  try {
    uploadViewQuery(fields);
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

describe('uploadViewQuery', () => {
  it("turns dstat2graphs' fields into the viewer's query, in the contract's order", () => {
    expect(
      uploadViewQuery({ width: '1024', height: '200', disk_limit: '5', io_limit: '6', net_limit: '7', offset: '10', duration: '60', is_actual: '1' }),
    ).toBe('?offset=10&duration=60&height=200&cols=1&diskMax=5&iopsMax=6&netMax=7&x=time');
  });

  it('is empty without any of its fields, and ignores fields it does not know', () => {
    expect(uploadViewQuery({})).toBe('');
    expect(uploadViewQuery({ comment: 'run 3', file: 'x' })).toBe('');
  });

  it('answers a value out of range with a 400 naming the field', () => {
    const err = failure({ width: '2000' });
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('width must be an integer from 64 to 1024 (as in dstat2graphs), got "2000"');
    expect(failure({ is_actual: '2' }).message).toMatch(/^is_actual must be 0 or 1/);
  });
});

describe('wantsHtml: a browser form post', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['text/html', true],
    ['TEXT/HTML', true],
    ['application/json, text/html', true],
    ['text/html;q=0.9', true],
    ['text/html ;q=0.9', true], // optional white space before a parameter (RFC 9110 OWS),
    ['application/json', false],
    ['*/*', false],
    ['text/htmlx', false],
    ['application/text/html', false],
    ['xtext/html', false],
    ['', false],
    [undefined, false],
  ])('Accept %j → %s', (accept, expected) => {
    expect(wantsHtml(accept)).toBe(expected);
  });
});
