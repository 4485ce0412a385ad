/**
 * Texts in Japanese that come from data: the server's error codes (every one has a Japanese sentence, the
 * server's English kept as the detail) and the titles of dstat plugin charts the catalogue does not name.
 */
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { resolveCharts } from '../../../shared/catalogue/index.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { failureText } from '../../../web/src/i18n/api-errors.js';
import { chartTitle } from '../../../web/src/i18n/text.js';
import { FIXTURE_NAMES, readFixture } from '../../helpers/fixtures.js';

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('server error codes in the UI language', () => {
  it('says every code in Japanese, keeping the server English as the detail and the line', () => {
    for (const code of API_ERROR_CODES) {
      const text = failureText('ja', { code, message: `line 3: ${code} in English` });
      expect(text.message, code).toMatch(CJK);
      expect(text.detail, code).toBe(`line 3: ${code} in English`);
    }
    expect(failureText('ja', { code: 'NOT_DSTAT', message: 'm', line: 7 }).message).toMatch(/^7 行目: /);
  });

  it('keeps the server English as it is in English, and an unknown code untranslated', () => {
    expect(failureText('en', { code: 'NOT_DSTAT', message: 'line 1: not dstat' })).toEqual({ message: 'line 1: not dstat', detail: null });
    expect(failureText('ja', { code: 'SOMETHING_NEW', message: 'new' })).toEqual({ message: 'new', detail: null });
    expect(failureText('ja', { kind: 'network', message: 'Could not reach' }).message).toMatch(CJK);
  });
});

describe('plugin chart titles', () => {
  it('titles every plugin chart of the fixtures in Japanese', () => {
    const untranslated = new Set<string>();
    let generic = 0;
    for (const name of FIXTURE_NAMES) {
      let runs;
      try {
        runs = parseDstat(readFixture(name)).runs;
      } catch {
        continue; // files that are not dstat logs are the parser's tests
      }
      for (const run of runs) {
        for (const chart of resolveCharts(run.series)) {
          if (chart.specId !== 'generic') continue;
          generic++;
          if (!CJK.test(chartTitle(chart, 'ja'))) untranslated.add(chart.heading);
          expect(chartTitle(chart, 'en')).toBe(chart.heading);
        }
      }
    }
    expect(generic, 'plugin charts in the fixtures').toBeGreaterThan(5);
    expect([...untranslated]).toEqual([]);
  });
});
