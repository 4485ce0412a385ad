/**
 * deriveReport hands the CLI the report object besides its gzipped JSON, and the CLI uses that object
 * instead of parsing the JSON again: proven the same as the JSON parsed, on every real fixture.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deriveReport } from '../../server/derive-report.js';
import { isDstatFormatError } from '../../shared/dstat/errors.js';
import { FIXTURE_NAMES, fixturePath } from '../helpers/fixtures.js';

describe('deriveReport', () => {
  it.each(FIXTURE_NAMES)('%s: the report object equals its stored JSON parsed', (name) => {
    const csv = readFileSync(fixturePath(name));
    const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: name, createdAt: '2026-11-30T00:00:00.000Z', bytes: csv.length };
    let derived;
    try {
      derived = deriveReport(csv, fields);
    } catch (err) {
      if (isDstatFormatError(err)) return; // not a file dstatview reads: nothing stored either
      throw err;
    }
    const stored = JSON.parse(gunzipSync(derived.reportJsonGz).toString('utf8'));
    expect(derived.report).toStrictEqual(stored);
  });
});
