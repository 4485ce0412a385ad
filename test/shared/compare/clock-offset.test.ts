/**
 * The clock-offset estimate (shared/compare/clock-offset.ts) on synthetic hosts of known offset — one host's
 * send is the other's receive, with traffic of their own, a decoy echo, runs of other lengths and intervals — on logs where
 * there is nothing to find (independent traffic, no traffic, no network, too little overlap, a periodic
 * load), and on a real log with the second host derived from it (test/fixtures/compare/README.md: the same
 * rows, 20 s later on db1's clock).
 */
import { describe, expect, it } from 'vitest';
import { toCompareJson, type NamedRun } from '../../../shared/api/compare-json.js';
import { estimateClockOffset, networkTotals } from '../../../shared/compare/clock-offset.js';
import { clockShifts, type CompareRunInput, type CompareSeriesInput } from '../../../shared/compare/index.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';
import { uniform } from '../../helpers/random.js';

const T0 = Date.UTC(2026, 10, 29, 20, 0, 0);

/** Bursty traffic (bytes/s) per true second: bursts of 3–12 s at random levels, over a small floor. */
function traffic(seed: number, seconds: number): Float64Array {
  const u = uniform(seed);
  const out = new Float64Array(seconds);
  for (let t = 0; t < seconds; t++) {
    out[t] = 1000 + 500 * u();
    if (u() < 0.04) {
      const level = 1e5 + 1e7 * u();
      const len = 3 + Math.floor(10 * u());
      for (let k = t; k < Math.min(seconds, t + len); k++) out[k] = (out[k] ?? 0) + level;
    }
  }
  return out;
}

function net(id: string, column: 'send' | 'recv', values: Float64Array): CompareSeriesInput {
  return { id: `${id}/${column}`, group: id, column, unit: 'bytes/s', kind: 'number', values };
}

interface Host {
  /** True seconds this host records, from `from`, every `everyS` seconds (each sample the mean since the last). */
  from: number;
  rows: number;
  everyS?: number;
  /** Seconds this host's clock is ahead of the true time. */
  clockAheadS: number;
  send: Float64Array;
  recv: Float64Array;
  /**
   * This host's traffic with other hosts, as a share of the traffic between the two (bursts of its own, in
   * both directions); every host also has a background of its own (0–4 KB/s of ssh, monitoring).
   */
  other?: number;
  seed?: number;
}

/** A host's run: its samples of the traffic, timed by its own clock (UTC). */
function hostRun(h: Host): CompareRunInput & { timezone: string } {
  const every = h.everyS ?? 1;
  const seed = h.seed ?? 99;
  const background = uniform(seed);
  const time = new Float64Array(h.rows);
  const sample = (truth: Float64Array, otherSeed: number) => {
    const other = traffic(otherSeed, h.from + h.rows * every + 1);
    const out = new Float64Array(h.rows);
    for (let i = 0; i < h.rows; i++) {
      const end = h.from + (i + 1) * every;
      let sum = 0;
      for (let t = end - every; t < end; t++) sum += (truth[t] ?? 0) + (h.other ?? 0) * (other[t] ?? 0) + 4000 * background();
      out[i] = sum / every;
    }
    return out;
  };
  for (let i = 0; i < h.rows; i++) time[i] = T0 + (h.from + (i + 1) * every + h.clockAheadS) * 1000;
  const series = [net('net/total', 'send', sample(h.send, seed * 7 + 1)), net('net/total', 'recv', sample(h.recv, seed * 7 + 2))];
  return { time, firstRowIsSinceBoot: false, timezone: 'UTC', series };
}

/** Estimate of B's offset against A, both placed on the clock as the compare page places them. */
function estimate(a: CompareRunInput & { timezone: string }, b: CompareRunInput & { timezone: string }, maxLagS?: number) {
  const [sa, sb] = clockShifts([a, b]).shifts;
  return estimateClockOffset(a, b, sa, sb, { maxLagS });
}

const SECONDS = 1200;
/** What the client sends (the server receives) and what the server sends (the client receives). */
const up = traffic(1, SECONDS);
const down = traffic(2, SECONDS);

describe('estimateClockOffset on hosts of a known offset', () => {
  it.each([
    [20, 0.1],
    [-37, 0.1],
    [143, 0.3],
    [0, 0.3],
  ])('a server whose clock is %s s ahead (other traffic %s) is offset by that', (ahead, noise) => {
    const client = hostRun({ from: 0, rows: 600, clockAheadS: 0, send: up, recv: down, other: noise, seed: 3 });
    const server = hostRun({ from: 150, rows: 700, clockAheadS: ahead, send: down, recv: up, other: noise, seed: 4 });
    const e = estimate(client, server);
    expect(e.offsetS).toBe(ahead);
    expect(e.strength).toBeGreaterThan(0.6);
    // Against the other way round: the client is offset by the opposite.
    expect(estimate(server, client).offsetS).toBe(0 - ahead);
  });

  it('a host sampling every 5 s against one sampling every second: within one 5-s step', () => {
    const client = hostRun({ from: 0, rows: 900, clockAheadS: 0, send: up, recv: down, other: 0.05 });
    const server = hostRun({ from: 30, rows: 150, everyS: 5, clockAheadS: 12, send: down, recv: up, other: 0.05 });
    const e = estimate(client, server);
    expect(e.offsetS).not.toBeNull();
    expect(Math.abs(e.offsetS! - 12)).toBeLessThanOrEqual(5);
  });

  it('one direction is enough: a server that sends nothing', () => {
    const silent = new Float64Array(SECONDS);
    const client = hostRun({ from: 0, rows: 600, clockAheadS: 0, send: up, recv: silent });
    const server = hostRun({ from: 0, rows: 600, clockAheadS: -8, send: silent, recv: up, other: 0.1 });
    expect(estimate(client, server).offsetS).toBe(-8);
  });

  it('a decoy — the same traffic echoed weaker 90 s later — does not win over the true lag', () => {
    const echo = up.map((v, t) => v + 0.5 * (up[t - 90] ?? 0));
    const onlyEcho = up.map((_, t) => up[t - 90] ?? 0);
    const client = hostRun({ from: 100, rows: 800, clockAheadS: 0, send: up, recv: down });
    const server = hostRun({ from: 100, rows: 800, clockAheadS: 25, send: down, recv: echo, other: 0.1 });
    expect(estimate(client, server).offsetS).toBe(25);
    // The decoy alone is a match of its own (90 s further): it competes, and loses.
    const decoyOnly = hostRun({ from: 100, rows: 800, clockAheadS: 25, send: down, recv: onlyEcho, other: 0.1 });
    const [sa, sb] = clockShifts([client, decoyOnly]).shifts;
    expect(estimateClockOffset(client, { ...decoyOnly, series: [decoyOnly.series[1]!, net('net/total', 'send', new Float64Array(800))] }, sa, sb).offsetS).toBe(25 + 90);
  });

  it('searches beyond the default bound only when asked; long runs are searched coarse then refined', () => {
    const long = 20_000;
    const a = traffic(5, long);
    const b = traffic(6, long);
    const client = hostRun({ from: 0, rows: 19_000, clockAheadS: 0, send: a, recv: b });
    const server = hostRun({ from: 0, rows: 19_000, clockAheadS: 700, send: b, recv: a, other: 0.1 });
    expect(estimate(client, server).offsetS).toBeNull();
    expect(estimate(client, server, 900).offsetS).toBe(700);
  });
});

describe('estimateClockOffset when there is nothing clear to find', () => {
  it('independent traffic: no clear match', () => {
    const client = hostRun({ from: 0, rows: 600, clockAheadS: 0, send: up, recv: down });
    const other = hostRun({ from: 0, rows: 600, clockAheadS: 5, send: traffic(7, SECONDS), recv: traffic(8, SECONDS) });
    const e = estimate(client, other);
    expect(e).toMatchObject({ offsetS: null, reason: 'unclear' });
  });

  it('of 40 pairs of hosts with independent traffic none is matched; of 40 pairs that talk, all are, at their offset', () => {
    let falseMatches = 0;
    let found = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const send = traffic(100 + seed, 700);
      const recv = traffic(200 + seed, 700);
      const ahead = (seed * 37) % 200 - 100;
      const client = hostRun({ from: 0, rows: 600, clockAheadS: 0, send, recv, other: 0.2, seed });
      const stranger = hostRun({ from: 0, rows: 600, clockAheadS: ahead, send: traffic(300 + seed, 700), recv: traffic(400 + seed, 700), seed: seed + 1 });
      const server = hostRun({ from: 0, rows: 600, clockAheadS: ahead, send: recv, recv: send, other: 0.2, seed: seed + 2 });
      if (estimate(client, stranger).offsetS !== null) falseMatches++;
      if (estimate(client, server).offsetS === ahead) found++;
    }
    expect(falseMatches).toBe(0);
    expect(found).toBe(40);
  });

  it('two real logs of unrelated tests (same host, other days) on elapsed time: no clear match', () => {
    const vm = parseDstat(readFixture('d072_tfvnrl.csv')).runs.at(-1)!;
    const other = parseDstat(readFixture('compare/deb080_tfvnrl_tcp_same-host.csv')).runs.at(-1)!;
    expect(estimateClockOffset(vm, other)).toMatchObject({ offsetS: null, reason: 'unclear' });
    expect(estimateClockOffset(other, vm)).toMatchObject({ offsetS: null, reason: 'unclear' });
  });

  it('a periodic load, which matches every period alike: no clear match', () => {
    const wave = new Float64Array(SECONDS).map((_, t) => (t % 60 < 20 ? 5e6 : 1e3));
    const client = hostRun({ from: 0, rows: 900, clockAheadS: 0, send: wave, recv: wave });
    const server = hostRun({ from: 0, rows: 900, clockAheadS: 10, send: wave, recv: wave, other: 0.01 });
    expect(estimate(client, server)).toMatchObject({ offsetS: null, reason: 'unclear' });
  });

  it('a host whose interfaces carried nothing (dstat writes 0): flat', () => {
    const client = hostRun({ from: 0, rows: 300, clockAheadS: 0, send: up, recv: down });
    const idle = { ...client, series: client.series.map((s) => ({ ...s, values: new Float64Array(300) })) };
    expect(estimate(idle, client)).toEqual({ offsetS: null, strength: null, reason: 'flat' });
    expect(estimate(client, idle)).toEqual({ offsetS: null, strength: null, reason: 'flat' });
  });

  it('runs that overlap by 15 s: too short', () => {
    const client = hostRun({ from: 0, rows: 200, clockAheadS: 0, send: up, recv: down });
    const server = hostRun({ from: 185, rows: 200, clockAheadS: 0, send: down, recv: up });
    expect(estimate(client, server, 20)).toEqual({ offsetS: null, strength: null, reason: 'too-short' });
  });

  it('a log without network columns: no-network', () => {
    const client = hostRun({ from: 0, rows: 200, clockAheadS: 0, send: up, recv: down });
    const cpuOnly = { ...client, series: [{ id: 'total cpu usage/usr', group: 'total cpu usage', column: 'usr', unit: '%', kind: 'number', values: up } as const] };
    expect(estimate(client, cpuOnly)).toEqual({ offsetS: null, strength: null, reason: 'no-network' });
  });
});

describe('a real log and a second host derived from it (db1: the same rows, its clock 20 s later)', () => {
  const vm = parseDstat(readFixture('d072_tfvnrl.csv')).runs.at(-1)!;
  const db1 = parseDstat(readFixture('compare/d072_tfvnrl_host-db1_plus0100_20s-later.csv')).runs.at(-1)!;
  const zone = (r: typeof vm) => ({ ...r, timezone: r.meta.timezone });

  it('reads the network of the only interface (no total in the file)', () => {
    const n = networkTotals(vm)!;
    expect(Array.from(n.recv)).toEqual(Array.from(vm.series.find((s) => s.id === 'net/eth0/recv')!.values as Float64Array));
  });

  it('gives back the 20 s: db1 is offset by +20, vm against db1 by −20', () => {
    const e = estimate(zone(vm), zone(db1));
    expect(e.offsetS).toBe(20);
    expect(e.strength).toBeGreaterThan(0.75);
    expect(estimate(zone(db1), zone(vm)).offsetS).toBe(-20);
  });

  it('the compare JSON gives, on the clock, each other run the offset to set (whatever it has now); elapsed time, none', () => {
    const named = (r: typeof vm, id: string): NamedRun => ({ ...r, id, run: 1, runs: 1, fileName: `${id}.csv` });
    const runs = [named(vm, 'vm'), named(db1, 'db1')];
    for (const given of [0, 20, -7.5]) {
      const json = toCompareJson(runs, { baseline: 0, shifts: [0, given], window: null, align: 'clock' });
      expect(json.runs[0]!.offsetEstimate).toBeUndefined();
      expect(json.runs[1]!.offsetEstimate).toEqual({ offsetS: 20, strength: expect.any(Number) });
    }
    // db1 as the baseline: vm's clock is 20 s behind.
    expect(toCompareJson(runs, { baseline: 1, shifts: [], window: null, align: 'clock' }).runs[0]!.offsetEstimate).toMatchObject({ offsetS: -20 });
    expect(toCompareJson(runs, { baseline: 0, shifts: [], window: null }).runs[1]!.offsetEstimate).toBeUndefined();
  });

  it('is relative to the shifts given: with db1 already offset by 20 s, nothing more', () => {
    const [sa, sb] = clockShifts([zone(vm), zone(db1)]).shifts;
    expect(estimateClockOffset(vm, db1, sa, sb! + 20).offsetS).toBe(0);
  });
});

describe('two hosts recorded at once (compare/two-hosts/: record-two-hosts.sh, a client and a db in network namespaces)', () => {
  const meta = JSON.parse(readFixture('compare/two-hosts/two-hosts.json')) as { dbClockAheadS: number; bursts: unknown[] };
  const client = parseDstat(readFixture('compare/two-hosts/client.csv')).runs.at(-1)!;
  const db = parseDstat(readFixture('compare/two-hosts/db.csv')).runs.at(-1)!;
  const zone = (r: typeof client) => ({ ...r, timezone: r.meta.timezone });

  it("gives back the db's clock, ahead by what libfaketime set, from bursts of about one length and gap", () => {
    // Bursts of 5–6 s every 10–16 s: their levels match again a period away (the correlation swings at every
    // lag), so the peak is confirmed by the traffic's rises and falls.
    expect(meta.bursts.length).toBeGreaterThanOrEqual(5);
    expect(db.meta.timezone).not.toBe(client.meta.timezone);
    const e = estimate(zone(client), zone(db));
    expect(e.offsetS).not.toBeNull();
    expect(Math.abs(e.offsetS! - meta.dbClockAheadS)).toBeLessThanOrEqual(1);
    expect(e.strength).toBeGreaterThan(0.9);
    expect(Math.abs(estimate(zone(db), zone(client)).offsetS! + meta.dbClockAheadS)).toBeLessThanOrEqual(1);
  });

  it('matches neither with an unrelated log of the same machine (d072 against the db)', () => {
    const vm = parseDstat(readFixture('d072_tfvnrl.csv')).runs.at(-1)!;
    const shifted = { ...zone(vm), time: vm.time.map((t) => t + (db.time[0]! - vm.time[0]!)) };
    expect(estimateClockOffset(shifted, db, 0, 0).offsetS).toBeNull();
  });
});
