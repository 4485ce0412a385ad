import { describe, expect, it } from 'vitest';
import { acceptsEncoding, csvContentDisposition, describeContentType, etagMatches, mediaType } from '../../server/http-utils.js';

describe('acceptsEncoding', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*;q=0.5, gzip;q=0', false],
    ['br', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%j accepts gzip: %s', (header, expected) => {
    expect(acceptsEncoding(header, 'gzip')).toBe(expected);
  });
});

describe('etagMatches', () => {
  it('compares weakly and understands lists and *', () => {
    expect(etagMatches('W/"a-1"', 'W/"a-1"')).toBe(true);
    expect(etagMatches('"a-1"', 'W/"a-1"')).toBe(true);
    expect(etagMatches('"x", W/"a-1"', 'W/"a-1"')).toBe(true);
    expect(etagMatches('*', 'W/"a-1"')).toBe(true);
    expect(etagMatches('W/"a-2"', 'W/"a-1"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a-1"')).toBe(false);
  });
});

describe('csvContentDisposition', () => {
  it('keeps a plain name', () => {
    expect(csvContentDisposition('d072.csv')).toBe(`attachment; filename="d072.csv"; filename*=UTF-8''d072.csv`);
  });

  it('makes any name safe for the header, keeping it exactly in filename*', () => {
    const header = csvContentDisposition('ログ "1"; \r\nx');
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('ログ "1"; \r\nx.csv');
  });
});

describe('content types', () => {
  it('reads the media type and describes it', () => {
    expect(mediaType('Multipart/Form-Data; boundary=x')).toBe('multipart/form-data');
    expect(mediaType(undefined)).toBe('');
    expect(describeContentType('application/json; charset=utf-8')).toBe('Content-Type "application/json"');
    expect(describeContentType(undefined)).toBe('a request without Content-Type');
  });
});
