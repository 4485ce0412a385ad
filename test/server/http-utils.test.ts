import { describe, expect, it } from 'vitest';
import { acceptsEncoding, attachmentDisposition, bearerToken, csvContentDisposition, describeContentType, etagMatches, mediaType } from '../../server/http-utils.js';

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

describe('HTTP pieces to the letter', () => {
  it('Accept-Encoding: spaces around names and parameters, q= among other parameters, x-gzip only for gzip, * as a fallback', () => {
    expect(acceptsEncoding('gzip ; q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip; q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip;level=1;q=1', 'gzip')).toBe(true);
    expect(acceptsEncoding('x-gzip ;q=1', 'gzip')).toBe(true);
    expect(acceptsEncoding('x-gzip', 'br')).toBe(false);
    expect(acceptsEncoding('* ;q=1', 'br')).toBe(true);
  });

  it('If-None-Match: W/ only as a prefix; * anywhere in a list', () => {
    expect(etagMatches('"xW/a"', '"xa"')).toBe(false);
    expect(etagMatches('W/"xa"', '"xa"')).toBe(true);
    expect(etagMatches('"b", *', '"a"')).toBe(true);
  });

  it('download names: only a final .gz and .csv dropped; runs of unsafe characters and leading dots made safe; a name left empty is dstat', () => {
    expect(attachmentDisposition('a.gzip.csv', '.zip')).toBe(`attachment; filename="a.gzip.zip"; filename*=UTF-8''a.gzip.zip`);
    expect(attachmentDisposition('x.csvfoo.csv', '.zip')).toBe(`attachment; filename="x.csvfoo.zip"; filename*=UTF-8''x.csvfoo.zip`);
    expect(attachmentDisposition('a  b.csv', '.html')).toBe(`attachment; filename="a_b.html"; filename*=UTF-8''a%20%20b.html`);
    expect(attachmentDisposition('..x.csv', '.csv')).toBe(`attachment; filename="x.csv"; filename*=UTF-8''..x.csv`);
    expect(attachmentDisposition('.csv', '.csv')).toBe(`attachment; filename="dstat.csv"; filename*=UTF-8''.csv`);
    expect(attachmentDisposition("it's (1)*.csv", '.csv')).toBe(`attachment; filename="it_s_1_.csv"; filename*=UTF-8''it%27s%20%281%29%2A.csv`);
  });

  it('media types: trimmed and lower-cased; described cut at 100 characters', () => {
    expect(mediaType(' Multipart/Form-Data ; boundary=x')).toBe('multipart/form-data');
    const long = `a/${'b'.repeat(200)}`;
    expect(describeContentType(long)).toBe(`Content-Type ${JSON.stringify(long.slice(0, 100))}`);
  });

  it('bearer tokens: the scheme at the start, any spaces or tabs around the one token, nothing after it', () => {
    expect(bearerToken('Bearer  tok')).toBe('tok');
    expect(bearerToken('bearer\ttok\t ')).toBe('tok');
    expect(bearerToken('xBearer tok')).toBeNull();
    expect(bearerToken('Bearer tok extra')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
