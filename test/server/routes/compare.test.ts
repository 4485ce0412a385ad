/**
 * GET /api/compare through the real app (parser pool, file store): each run's figures equal its own
 * report's statistics, deltas, a multi-run file's runs, windows and shifts, and every error naming what is
 * wrong.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareJson, NumericSeriesJson, ReportJson } from '../../../shared/api/schemas.js';
import { MAX_COMPARE_RUNS } from '../../../shared/limits.js';
import { parseShifts } from '../../../server/routes/compare.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { fixturePath } from '../../helpers/fixtures.js';
import { fileUpload } from '../../helpers/multipart.js';

let t: TestApp;
let a: string;
let b: string;
let multi: string;

async function upload(name: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', ...fileUpload(await readFile(fixturePath(name)), name) });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

async function compare(query: string): Promise<{ status: number; body: CompareJson & { code?: string; message?: string } }> {
  const res = await t.app.inject(`/api/compare?${query}`);
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await makeApp();
  a = await upload('d072_tfvnrl.csv');
  b = await upload('dool134_tfvnrl.csv');
  multi = await upload('d072_tfvnrl_appended-2-runs.csv');
});

afterAll(async () => {
  await t.cleanup();
  await removeTempDirs();
});

describe('GET /api/compare', () => {
  it('align=clock gives each run but the baseline its clock offset estimated from the network (a second host derived from d072: 20 s)', async () => {
    const db1 = await upload('compare/d072_tfvnrl_host-db1_plus0100_20s-later.csv');
    const { status, body } = await compare(`ids=${a},${db1}&align=clock&shift=0,3`);
    expect(status).toBe(200);
    expect(body.runs[0]!.offsetEstimate).toBeUndefined();
    expect(body.runs[1]!.offsetEstimate).toEqual({ offsetS: 20, strength: expect.any(Number) });
    expect((await compare(`ids=${a},${db1}`)).body.runs[1]!.offsetEstimate).toBeUndefined();
  });

  it('gives each run its own report’s statistics and the change against the baseline', async () => {
    const { status, body } = await compare(`ids=${a},${b}`);
    expect(status).toBe(200);
    expect(body.baseline).toBe(0);
    expect(body.window).toBeNull();
    expect(body.runs.map((r) => [r.id, r.run, r.fileName, r.host, r.producer])).toEqual([
      [a, 1, 'd072_tfvnrl.csv', 'vm', 'dstat'],
      [b, 1, 'dool134_tfvnrl.csv', 'vm', 'dool'],
    ]);
    expect(body.runs[0]!.start).toBe('2026-11-29T20:45:49');
    expect(body.runs[0]!.durationS).toBeGreaterThan(80);
    for (const [i, id] of [a, b].entries()) {
      const report = (await t.app.inject(`/api/reports/${id}`)).json() as ReportJson;
      for (const s of report.runs.at(-1)!.series) {
        if (s.kind !== 'number') continue;
        const stats = (s as NumericSeriesJson).stats;
        const got = body.series[s.id]!.runs[i];
        if (!stats) expect(got).toBeNull();
        else expect(got).toMatchObject({ min: stats.min, avg: stats.avg, p95: stats.p95, max: stats.max, count: stats.count });
      }
    }
    const vda = body.series['dsk/vda/writ']!;
    expect(vda.unit).toBe('bytes/s');
    expect(vda.delta[0]).toBeNull();
    expect(vda.delta[1]!.avg).toBeCloseTo(vda.runs[1]!.avg - vda.runs[0]!.avg, 6);
    // Devices only one run has: null in the other; a total computed for the run whose file has none.
    expect(body.series['dsk/loop0/read']!.runs[1]).toBeNull();
    expect(body.series['total cpu usage/usr']!.derived).toEqual([0]);
  });

  it('compares the runs of a multi-run file (ID:N) and a run with itself', async () => {
    const { body } = await compare(`ids=${multi}:1,${multi}:2,${multi}`);
    expect(body.runs.map((r) => [r.run, r.runs])).toEqual([
      [1, 2],
      [2, 2],
      [2, 2],
    ]);
    const s = body.series['dsk/vda/writ']!;
    expect(s.runs[0]!.avg).not.toBe(s.runs[1]!.avg);
    expect(s.delta[2]).toMatchObject({ avg: s.runs[1]!.avg - s.runs[0]!.avg });
    const self = (await compare(`ids=${a},${a}`)).body;
    for (const x of Object.values(self.series)) if (x.delta[1]) expect(x.delta[1]).toMatchObject({ avg: 0, p95: 0, max: 0 });
  });

  it('gives every change its verdict and 95 % interval; minChange= sets the threshold; a run with itself: nothing significant', async () => {
    const { body } = await compare(`ids=${a},${b}`);
    expect(body.minChange).toBe(5);
    for (const s of Object.values(body.series)) {
      const d = s.delta[1];
      if (!d) continue;
      expect(['significant', 'noise', 'too-few']).toContain(d.verdict);
      expect(d.avgCi[0]).toBeLessThanOrEqual(d.avg);
      expect(d.avgCi[1]).toBeGreaterThanOrEqual(d.avg);
      expect(d.withinNoise).toBe(d.verdict !== 'significant');
      expect(s.runs[1]!.nEff).toBeLessThanOrEqual(s.runs[1]!.count);
    }
    const significant = (json: CompareJson) => Object.values(json.series).filter((s) => s.delta[1]?.verdict === 'significant').length;
    // d072 and dool134 recorded the same minutes of one host: nothing tells them apart.
    expect(significant(body)).toBe(0);
    const later = (await compare(`ids=${a},${multi}`)).body;
    const strict = (await compare(`ids=${a},${multi}&minChange=1000`)).body;
    expect(strict.minChange).toBe(1000);
    expect(significant(later)).toBeGreaterThan(0);
    expect(significant(strict)).toBeLessThan(significant(later));
    expect(significant((await compare(`ids=${a},${a}`)).body)).toBe(0);
  });

  it('narrows every run alike to a window, after shifts; baseline picks the reference', async () => {
    const whole = (await compare(`ids=${a},${b}`)).body;
    const narrow = (await compare(`ids=${a},${b}&from=10&to=20&shift=0,5&baseline=1`)).body;
    expect(narrow.window).toEqual({ from: 10, to: 20 });
    expect(narrow.baseline).toBe(1);
    expect(narrow.runs.map((r) => r.shift)).toEqual([0, 5]);
    // Rows whose aligned elapsed time ((t − row 0) / 1000 − shift) lies in [10, 20], from the reports' own times.
    const inWindow = async (id: string, shift: number) => {
      const time = ((await t.app.inject(`/api/reports/${id}`)).json() as ReportJson).runs.at(-1)!.time;
      return time.filter((x, i) => i > 0 && (x - time[0]!) / 1000 - shift >= 10 && (x - time[0]!) / 1000 - shift <= 20).length;
    };
    expect(narrow.runs.map((r) => r.rows)).toEqual([await inWindow(a, 0), await inWindow(b, 5)]);
    expect(narrow.runs[0]!.rows).toBe(11);
    expect(narrow.series['system/csw']!.delta[1]).toBeNull();
    expect(narrow.series['system/csw']!.delta[0]).not.toBeNull();
    expect(narrow.series['system/csw']!.runs[0]!.count).toBe(11);
    expect(whole.runs.map((r) => r.rows)).toEqual([whole.runs[0]!.rows, whole.runs[1]!.rows]);
    const common = (await compare(`ids=${a},${b}&window=common`)).body;
    expect(common.window!.from).toBeGreaterThanOrEqual(0);
    expect(common.window!.to).toBeLessThanOrEqual(Math.min(...whole.runs.map((r) => r.durationS)));
  });

  it.each([
    ['ids=nope', 400, /"nope" is not a report id/],
    ['ids=', 400, /ids is empty/],
    [`ids=${'A'.repeat(22)}`, 404, new RegExp(`no report with id ${'A'.repeat(22)}`)],
    ['ids=MULTI:3', 404, /has 2 runs: there is no run 3/],
    ['ids=MULTI:0', 400, /:0" is not a report id/],
    [`ids=${Array(MAX_COMPARE_RUNS + 1).fill('MULTI').join(',')}`, 400, /at most 8/],
    ['ids=MULTI&baseline=1', 400, /baseline=1: there are 1 runs/],
    ['ids=MULTI,MULTI&shift=0,x', 400, /shift: "x" \(run 1\) is not a number/],
    ['ids=MULTI&shift=1,2', 400, /shift has 2 values for 1 runs/],
    ['ids=MULTI&from=3', 400, /from and to go together/],
    ['ids=MULTI&from=3&to=1', 400, /from=3 is after to=1/],
    ['ids=MULTI:1,MULTI:2&shift=0,1000&window=common', 400, /no stretch of elapsed time in common/],
    ['baseline=0', 400, /ids/],
    ['ids=MULTI&minChange=-1', 400, /minChange/],
  ])('%s → %i', async (query, status, message) => {
    const res = await compare(query.replaceAll('MULTI', multi));
    expect(res.status).toBe(status);
    expect(res.body.code).toMatch(status === 404 ? 'REPORT_NOT_FOUND' : 'BAD_REQUEST');
    expect(res.body.message).toMatch(message);
  });
});

describe('GET /api/compare?layout=hosts', () => {
  it('says the layout and keeps each run\'s figures, with no change against a baseline (different machines)', async () => {
    const overlay = (await compare(`ids=${a},${b}`)).body;
    expect(overlay.layout).toBe('overlay');
    const { status, body } = await compare(`ids=${a},${b}&layout=hosts&align=clock`);
    expect(status).toBe(200);
    expect(body.layout).toBe('hosts');
    expect(body.align).toBe('clock');
    for (const [id, s] of Object.entries(body.series)) {
      expect(s.runs, id).toEqual(overlay.series[id]!.runs);
      expect(s.delta.every((d) => d === null), id).toBe(true);
    }
    expect((await compare(`ids=${a}&layout=side`)).status).toBe(400);
  });
});

describe('GET /api/compare?window=steady', () => {
  it("cuts each run to its stored steady-state finding's window; a run without one is compared whole, said per run", async () => {
    const ramp = await upload('scenarios/ramp.csv');
    const stored = (await t.app.inject(`/api/reports/${ramp}/findings`)).json() as { runs: { findings: { rule: string; windows: { from: number; to: number }[] }[] }[] };
    const finding = stored.runs.at(-1)!.findings.find((f) => f.rule === 'steady-state')!;
    const { status, body } = await compare(`ids=${a},${ramp}&window=steady`);
    expect(status).toBe(200);
    expect(body.runs.map((r) => r.steady)).toEqual([false, true]);
    expect(body.runs[0]!.window).toBeUndefined();
    // The stored finding's seconds count from the first sample after the since-boot row; the run's window from row 0.
    expect(body.runs[1]!.window!.to - body.runs[1]!.window!.from).toBeCloseTo(finding.windows[0]!.to - finding.windows[0]!.from, 6);
    expect(body.runs[1]!.window!.from - finding.windows[0]!.from).toBeGreaterThanOrEqual(0);
    expect(body.runs[1]!.window!.from - finding.windows[0]!.from).toBeLessThanOrEqual(1);
    const whole = (await compare(`ids=${a},${ramp}`)).body;
    expect(body.runs[0]!.rows).toBe(whole.runs[0]!.rows);
    expect(body.runs[1]!.rows).toBeLessThan(whole.runs[1]!.rows);
    expect((await compare(`ids=${a}&window=steady&from=1&to=3`)).body.message).toBe('window=steady and from/to exclude each other');
  });
});

describe('GET /api/compare, its refusals word for word', () => {
  it('names the baseline out of range with the runs there are', async () => {
    expect((await compare(`ids=${multi}&baseline=1`)).body).toEqual({ code: 'BAD_REQUEST', message: 'baseline=1: there are 1 runs (0 to 0)' });
    expect((await compare(`ids=${multi},${a}&baseline=2`)).body.message).toBe('baseline=2: there are 2 runs (0 to 1)');
  });

  it('wants from and to together, in order, and not with window=common', async () => {
    expect((await compare(`ids=${multi}&from=3`)).body.message).toBe('from and to go together: give both or neither');
    expect((await compare(`ids=${multi}&to=3`)).body.message).toBe('from and to go together: give both or neither');
    expect((await compare(`ids=${multi}&from=3&to=1`)).body.message).toBe('from=3 is after to=1');
    expect((await compare(`ids=${multi}&from=1&to=3&window=common`)).body.message).toBe('window=common and from/to exclude each other');
    const same = await compare(`ids=${multi}&from=3&to=3`);
    expect(same.status).toBe(200);
    expect(same.body.window).toEqual({ from: 3, to: 3 });
  });

  it('reads shifts per run, empty ones as 0, and names a bad one and its run', async () => {
    const ok = await compare(`ids=${multi}:1,${multi}:2&shift=,2.5`);
    expect(ok.status).toBe(200);
    expect(ok.body.runs.map((r) => r.shift)).toEqual([0, 2.5]);
    expect((await compare(`ids=${multi}:1,${multi}:2&shift= ,x`)).body.message).toBe('shift: "x" (run 1) is not a number of seconds');
    expect((await compare(`ids=${multi}:1,${multi}:2&shift=${'9'.repeat(50)}e999`)).body.message).toBe(`shift: "${'9'.repeat(40)}" (run 0) is not a number of seconds`);
    expect((await compare(`ids=${multi}&shift=1,2`)).body.message).toBe('shift has 2 values for 1 runs');
  });

  it('names a missing report and a run the file has not', async () => {
    const none = 'A'.repeat(22);
    expect((await compare(`ids=${none}`)).body.message).toBe(`no report with id ${none}: the link may be mistyped or incomplete`);
    expect((await compare(`ids=${a}:2`)).body.message).toBe(`report ${a} has 1 run: there is no run 2`);
    expect((await compare(`ids=${multi}:3`)).body.message).toBe(`report ${multi} has 2 runs: there is no run 3`);
  });
});

describe('shift= of /api/compare (parseShifts)', () => {
  it('is seconds per run in the order of ids, 0 for each run not given or left empty', () => {
    expect(parseShifts('', 3)).toEqual([0, 0, 0]);
    expect(parseShifts('5', 3)).toEqual([5, 0, 0]);
    expect(parseShifts(' ,-2.5', 2)).toEqual([0, -2.5]);
  });
});
