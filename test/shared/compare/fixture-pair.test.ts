/**
 * The significance rule on real logs: d072_tfvnrl.csv (a benchmark on host vm: bursts of disk reads,
 * network, CPU phases) against a later log of the same host (test/fixtures/compare/README.md), and logs
 * compared with themselves. Verdicts, intervals and n_eff as compareRuns gives them, checked against what
 * the samples show.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareRuns, deltaTable, seriesNames, type ComparedSeries } from '../../../shared/compare/index.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { fixturePath, readFixture } from '../../helpers/fixtures.js';

const lastRun = (text: string) => parseDstat(text).runs.at(-1)!;
const A = lastRun(readFixture('d072_tfvnrl.csv'));
const B = lastRun(readFileSync(fixturePath('compare/deb080_tfvnrl_tcp_same-host.csv'), 'utf8'));

function byId(series: readonly ComparedSeries[], id: string): ComparedSeries {
  const s = series.find((x) => x.id === id);
  if (!s) throw new Error(`no series ${id}`);
  return s;
}

describe('d072_tfvnrl.csv against a later log of the same host', () => {
  const r = compareRuns([A, B]);

  it.each([
    ['dsk/vda/writ', 'significant'],
    ['cpu1 usage/wai', 'significant'],
    ['memory usage/cach', 'significant'],
    ['procs/run', 'significant'],
  ])('%s: %s, its interval excluding 0', (id, verdict) => {
    const d = byId(r.series, id).delta[1]!;
    expect(d.verdict).toBe(verdict);
    expect(d.avgCi[0] > 0 || d.avgCi[1] < 0).toBe(true);
  });

  it('read IOPS, network receive and cpu1 user: large changes of the mean carried by a few bursts of the baseline, within noise', () => {
    // The baseline's read IOPS are one 15-s burst (~2,500 /s) in 84 s: n_eff ≈ 4; its receive is four seconds
    // of ~650 KiB/s and one of 21 MiB; cpu1's user time alternates in phases of ~10 s.
    for (const [id, pct] of [
      ['io/vda/read', -92.4],
      ['net/eth0/recv', -99.9],
      ['cpu1 usage/usr', 36.4],
    ] as const) {
      const s = byId(r.series, id);
      const d = s.delta[1]!;
      expect(d.avgPct!).toBeCloseTo(pct, 1);
      expect(d.verdict, id).toBe('noise');
      expect(d.avgCi[0] < 0 && d.avgCi[1] > 0, id).toBe(true);
    }
    expect(byId(r.series, 'io/vda/read').runs[0]!.nEff).toBeLessThan(6);
  });

  it('each interval is centred on Δavg and finite', () => {
    for (const s of r.series) {
      const d = s.delta[1];
      if (!d) continue;
      expect(Number.isFinite(d.avgCi[0]) && Number.isFinite(d.avgCi[1])).toBe(true);
      expect((d.avgCi[0] + d.avgCi[1]) / 2).toBeCloseTo(d.avg, 3);
    }
  });

  it('the table: significant rows first grouped by chart, names and units as on the page, idle series left out and counted', () => {
    const labels = [
      { tag: 'A', name: 'd072_tfvnrl.csv' },
      { tag: 'B', name: 'same host' },
    ];
    const t = deltaTable(r.series, labels, 0, { names: seriesNames([A, B]) });
    expect(t.idle).toBeGreaterThan(30);
    expect(t.rows.some((row) => /loop|zram/.test(row[0]!))).toBe(false);
    const iops = t.rows.find((row) => row[0] === 'Disk IOPS vda' && row[1] === 'read')!;
    expect(iops[2]).toBe('554 /s');
    const mem = t.rows.find((row) => row[0] === 'Memory usage' && row[1] === 'cached')!;
    expect(mem[2]).toMatch(/^1\.02 GiB$/);
    // Significant rows come before the first row within noise.
    const verdicts = t.meta.map((m) => m.verdict);
    expect(verdicts.indexOf('noise')).toBeGreaterThan(verdicts.lastIndexOf('significant') === -1 ? -1 : 0);
    const charts = t.meta.map((m) => m.chart);
    // Grouped: a chart's rows are together.
    for (const c of new Set(charts)) {
      const at = charts.flatMap((x, i) => (x === c ? [i] : []));
      expect(at[at.length - 1]! - at[0]!).toBe(at.length - 1);
    }
  });
});

describe('a log compared with itself', () => {
  it.each(['d072_tfvnrl.csv', 'd072_long_tfvnrl.csv', 'dool134_tfvnrl.csv', 'pcp_tfvnrl.csv'])('%s: nothing significant', (name) => {
    const run = lastRun(readFixture(name));
    const r = compareRuns([run, run]);
    for (const s of r.series) expect(s.delta[1]?.verdict ?? 'noise', s.id).not.toBe('significant');
  });
});
