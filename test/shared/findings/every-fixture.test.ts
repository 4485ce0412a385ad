/**
 * The findings of every fixture log (test/fixtures/, scenarios/ included, every run, with a link speed
 * for each interface so that net-near-link runs too) and of a long generated log (bench/make-log.ts,
 * longer than the autocorrelation's decimation point) stay exactly what the engine found when the
 * snapshot test/fixtures/findings/every-fixture.json was made: a change for speed must not change a
 * finding, a number of its evidence or a word of its text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeLog } from '../../../bench/make-log.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { evaluateFindings } from '../../../shared/findings/evaluate.js';
import type { RunFindings } from '../../../shared/findings/finding.js';
import type { FindingsRun } from '../../../shared/findings/run-input.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

/** Every CSV under the fixtures directory, relative paths, sorted. */
function csvFiles(dir = '', out: string[] = []): string[] {
  for (const e of readdirSync(FIXTURES_DIR + dir, { withFileTypes: true })) {
    if (e.isDirectory()) csvFiles(`${dir}${e.name}/`, out);
    else if (e.name.endsWith('.csv')) out.push(dir + e.name);
  }
  return out.sort();
}

/** 1 MB/s for every interface of the run: low enough that busy ones reach it. */
function links(run: FindingsRun): Map<string, number> {
  const nics = new Set(run.series.filter((s) => s.group.startsWith('net/')).map((s) => s.group.slice(4)));
  return new Map([...nics].sort().map((n) => [n, 1024 * 1024]));
}

/** A log's findings per run; the error's code for a log the parser refuses (dstat 0.7.4's header-only crash). */
function findingsOf(text: string): RunFindings[] | string {
  try {
    return parseDstat(text).runs.map((r) => evaluateFindings(r, { links: links(r) }));
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

describe('the findings of every fixture', () => {
  it('equal the recorded ones', async () => {
    const all: Record<string, RunFindings[] | string> = {};
    for (const f of csvFiles()) all[f] = findingsOf(readFileSync(FIXTURES_DIR + f, 'utf8'));
    all['make-log 6000 rows'] = findingsOf(makeLog(undefined, { rows: 6000, seed: 7 }));
    expect(Object.keys(all).length).toBeGreaterThan(30);
    // One line per log: small, and a diff names the log that changed.
    const text = `{\n${Object.entries(all).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
    await expect(text).toMatchFileSnapshot('../../fixtures/findings/every-fixture.json');
  });
});
