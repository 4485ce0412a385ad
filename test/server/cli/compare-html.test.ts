/**
 * `dstatview compare … -o OUT.html`, the compiled CLI as a child process on real fixtures (plain, gzipped,
 * on standard input): one self-contained file — the offline compare build inlined under a CSP that allows
 * that script alone, no reference to anything outside the file — carrying each compared file's report once
 * and the compare page's query (ids, baseline, shifts, window); and the errors.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRunRefs } from '../../../shared/api/compare-ref.js';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { decodeBase85 } from '../../../shared/export/base85.js';
import { EMBEDDED_COMPARE_ELEMENT_ID, type EmbeddedCompare } from '../../../shared/export/embedded.js';
import { MAX_COMPARE_RUNS } from '../../../shared/limits.js';
import { BIN, cliTempDir, dstatview, ROOT, withStdin } from '../../helpers/cli.js';
import { fixturePath } from '../../helpers/fixtures.js';

const A = fixturePath('d072_tfvnrl.csv');
const B = fixturePath('dool134_tfvnrl.csv');
const MULTI = fixturePath('d072_tfvnrl_appended-2-runs.csv');
const dir = cliTempDir('dstatview-cli-compare-html-');
const B_GZ = join(dir, 'dool134.csv.gz');

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/web/offline-compare/offline-compare.js')) || !existsSync(BIN)) {
    throw new Error('not built: run npm run build first');
  }
  writeFileSync(B_GZ, gzipSync(readFileSync(B)));
});

// Child processes on a busy machine: generous time per test.
vi.setConfig({ testTimeout: 180_000 });

interface Written {
  html: string;
  compare: EmbeddedCompare;
  reports: Map<string, ReportJson>;
}

/** The file's embedded comparison and its reports, decoded as the page decodes them. */
function readPage(path: string): Written {
  const html = readFileSync(path, 'utf8');
  const m = new RegExp(`<script type="application/json" id="${EMBEDDED_COMPARE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  if (!m) throw new Error('no embedded comparison in the file');
  const compare = JSON.parse(m[1]!) as EmbeddedCompare;
  const reports = new Map<string, ReportJson>();
  for (const r of compare.reports) {
    reports.set(r.id, JSON.parse(gunzipSync(decodeBase85(r.reportJsonGz, r.gzBytes)).toString('utf8')) as ReportJson);
  }
  return { html, compare, reports };
}

describe('dstatview compare -o OUT.html', () => {
  it('writes one self-contained file: the inlined script alone allowed by hash, both runs inside, read from stdin and gzip', async () => {
    const out = join(dir, 'two.html');
    const res = await withStdin(readFileSync(A), 'compare', '-', B_GZ, '-o', out);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const { html, compare, reports } = readPage(out);

    // Nothing outside the file: no src/href to anywhere but data:, and a policy that allows no connection.
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/connect-src|https?:/);
    const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((s) => s[1]!);
    expect(scripts).toHaveLength(1);
    // The loader and the app's code it unpacks (gzip, base64) are the two scripts the policy allows.
    const packed = /<script type="application\/octet-stream" id="dv-app-code">([^<]*)<\/script>/.exec(html)![1]!;
    const code = gunzipSync(Buffer.from(packed, 'base64')).toString('utf8');
    const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash(scripts[0]!)}' 'sha256-${hash(code)}'`);
    expect(html).not.toMatch(/<(script|img|link|iframe)[^>]+(src|href)="(?!data:)/i);
    expect(code.length).toBeGreaterThan(100_000); // the app itself

    // The page opens on both runs, in order; each file's report as the server would store it.
    const refs = parseRunRefs(new URLSearchParams(compare.search).get('ids') ?? '');
    expect(refs.ok).toBe(true);
    const ids = refs.ok ? refs.refs.map((r) => r.id) : [];
    expect(ids).toHaveLength(2);
    expect(compare.reports.map((r) => r.id)).toEqual(ids);
    expect(ids.map((id) => reports.get(id)!.fileName)).toEqual(['stdin.csv', 'dool134.csv.gz']);
    const a = reports.get(ids[0]!)!.runs[0]!;
    expect(a.meta.host).toBe('vm');
    expect(a.time.length).toBe(a.rows);
    expect(a.series.filter((s) => s.kind === 'number').length).toBeGreaterThan(20);
    expect(html).toContain('<title>stdin.csv (vm, 2026-11-29 20:45:49) vs dool134.csv.gz (vm, 2026-11-29 20:45:49) · dstatview</title>');
  });

  it('carries a file once for two of its runs, and opens with the baseline, shifts and window asked for', async () => {
    const out = join(dir, 'runs.html');
    const res = await dstatview('compare', `${MULTI}:1`, `${MULTI}:2`, A, '--baseline', '2', '--shift', '0,1.5', '--from', '5', '--to', '30', '-o', out);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const { compare } = readPage(out);
    expect(compare.reports).toHaveLength(2);
    const [multi, a] = compare.reports.map((r) => r.id);
    expect(compare.search).toBe(`?ids=${multi}:1,${multi}:2,${a}&baseline=2&shift=0,1.5&from=5&to=30`);
  });

  it('--common opens on the stretch of elapsed time every run covers', async () => {
    const out = join(dir, 'common.html');
    expect((await dstatview('compare', `${MULTI}:1`, `${MULTI}:2`, '--common', '-o', out)).code).toBe(0);
    const { compare } = readPage(out);
    expect(compare.search).toMatch(/&from=1&to=\d+(\.\d+)?$/);
  });

  it.each([
    ['nine runs', 2, ['compare', ...Array<string>(MAX_COMPARE_RUNS + 1).fill(A), '-o', 'x.html'], /at most 8 runs can be compared at once/],
    ['a run the file lacks', 1, ['compare', A, `${MULTI}:3`, '-o', join(dir, 'x.html')], /has 2 runs: there is no run 3/],
    ['a missing file', 1, ['compare', A, join(dir, 'missing.csv'), '-o', join(dir, 'x.html')], /missing\.csv: no such file/],
    ['not a dstat log', 1, ['compare', A, ROOT + 'package.json', '-o', join(dir, 'x.html')], /^dstatview: .*package\.json: line 1: /],
  ] as const)('%s → exit %i, one line', async (_, code, args, message) => {
    const res = await dstatview(...(args as readonly string[]));
    expect(res.code).toBe(code);
    expect(res.stderr).toMatch(message);
    if (code === 1) expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });
});
