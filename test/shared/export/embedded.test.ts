/**
 * The data an offline page carries sits inside a <script> element: text from the CSV must not be able to
 * end that element, open an HTML comment, or break the JavaScript that reads it.
 */
import { describe, expect, it } from 'vitest';
import { EMBEDDED_COMPARE_ELEMENT_ID, EMBEDDED_REPORT_ELEMENT_ID, scriptSafeJson } from '../../../shared/export/embedded.js';

describe('scriptSafeJson', () => {
  const hostile = { host: '</script><script>alert(1)</script><!--', note: 'line\u2028para\u2029end', n: [1.5, null] };

  it('writes no `<` and no raw U+2028/U+2029, as escapes', () => {
    const text = scriptSafeJson(hostile);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>');
    expect(text).toContain('line\\u2028para\\u2029end');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(scriptSafeJson(hostile))).toEqual(hostile);
  });

  it('names the two elements the offline pages read', () => {
    expect([EMBEDDED_REPORT_ELEMENT_ID, EMBEDDED_COMPARE_ELEMENT_ID]).toEqual(['dv-embedded-report', 'dv-embedded-compare']);
  });
});
