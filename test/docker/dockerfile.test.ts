/**
 * No Docker engine runs here, so this test does what the Dockerfile's runtime image does, with the
 * Dockerfile's own commands: it installs the production dependencies with the deps stage's RUN line into
 * a fresh folder, copies what the final stage copies, starts its CMD with its ENV, and runs its HEALTHCHECK.
 * Needs `npm run build` first (npm test does it) and the npm registry (or cache) for `npm ci`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../helpers/fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const exec = promisify(execFile);

interface Stage {
  name: string;
  lines: string[];
}

/** The Dockerfile's stages, with line continuations joined and comments dropped. */
function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const out: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ name: from[1] ?? '', lines: [] });
    else out[out.length - 1]!.lines.push(line);
  }
  return out;
}

function instructions(stage: Stage, keyword: string): string[] {
  return stage.lines.filter((l) => l.toUpperCase().startsWith(keyword + ' ')).map((l) => l.slice(keyword.length + 1).trim());
}

/** `ENV A=1 B=2` → {A: '1', B: '2'} */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of instructions(stage, 'ENV')) for (const [, k, v] of e.matchAll(/(\w+)=(\S+)/g)) env[k!] = v!;
  return env;
}

/** The exec form `["node", "-e", "…"]` of CMD / HEALTHCHECK … CMD. */
function execForm(text: string): string[] {
  return JSON.parse(text.slice(text.indexOf('['))) as string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const [, deps, final] = (() => {
  const s = stages(dockerfile);
  return [s[0]!, s.find((x) => x.name === 'deps')!, s[s.length - 1]!];
})();

describe('the Dockerfile', () => {
  it('builds on a current Node LTS (24 or later; Node 20 is past its end of life) and carries OCI labels', () => {
    const bases = [...dockerfile.matchAll(/^FROM\s+node:(\d+)\S*/gim)].map((m) => Number(m[1]));
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const major of bases) expect(major).toBeGreaterThanOrEqual(24);
    const labels = instructions(final, 'LABEL').join(' ');
    for (const key of ['title', 'description', 'version', 'base.name']) {
      expect(labels).toContain(`org.opencontainers.image.${key}=`);
    }
  });

  it('is a multi-stage build whose image runs as a non-root user, exposes 8080, keeps DATA_DIR on a volume, checks its health', () => {
    expect(stages(dockerfile).length).toBeGreaterThanOrEqual(2);
    expect(instructions(final, 'USER')).toEqual(['node']);
    expect(instructions(final, 'EXPOSE')).toEqual(['8080']);
    expect(envOf(final).DATA_DIR).toBe('/data');
    expect(instructions(final, 'VOLUME').join(' ')).toContain('/data');
    expect(instructions(final, 'HEALTHCHECK').join(' ')).toContain('/healthz');
    expect(instructions(stages(dockerfile)[0]!, 'RUN')).toContain('npm run build');
  });

  it('draws CJK text: the runtime stage installs a Japanese font beside DejaVu (a Japanese host name in a PNG is no boxes)', () => {
    const apt = instructions(final, 'RUN').find((r) => /apt-get install/.test(r)) ?? '';
    expect(apt).toMatch(/\bfonts-dejavu-core\b/);
    expect(apt).toMatch(/\bfonts-(ipafont-gothic|noto-cjk|droid-fallback|wqy-microhei)\b/);
    expect(apt).toMatch(/--no-install-recommends/);
    expect(apt).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
  });

  it('keeps stored reports and mutation-testing scratch out of the build context (.dockerignore)', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim().replace(/\/$/, ''));
    for (const entry of ['node_modules', 'dist', 'data', '.git', 'reports', '.stryker-tmp']) expect(ignored, entry).toContain(entry);
  });
});

describe('the image, run the way the Dockerfile runs it', () => {
  let dir = '';
  let app = '';
  let server: ChildProcess | null = null;
  let url = '';
  let env: NodeJS.ProcessEnv = {};
  let log = '';

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/server/main.js')) || !existsSync(join(ROOT, 'dist/web/index.html'))) {
      throw new Error('dist/ is not built: run `npm run build` first (npm test does)');
    }
    dir = mkdtempSync(join(tmpdir(), 'dstatview-image-'));
    app = join(dir, 'app');
    // deps stage: COPY package.json package-lock.json, then its RUN line, as written
    for (const f of ['package.json', 'package-lock.json']) cpSync(join(ROOT, f), join(app, f));
    // The RUN line cleans npm's cache (as an image layer should): give it a cache of its own, never the
    // developer's ~/.npm, which other npm processes on the machine may be using at that moment.
    const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_cache: join(dir, 'npm-cache') };
    for (const run of instructions(deps, 'RUN')) await exec('sh', ['-c', run], { cwd: app, env: npmEnv });
    // final stage: the compiled app, the bin shim; no sources, no dev dependencies
    for (const copy of instructions(final, 'COPY')) {
      const [src] = copy.replace(/--from=\S+\s+/, '').split(/\s+/);
      if (src === 'package.json' || src === 'bin' || src === '/app/dist') {
        const from = src === '/app/dist' ? 'dist' : src!;
        cpSync(join(ROOT, from), join(app, from), { recursive: true });
      }
    }
    const port = await freePort();
    env = { PATH: process.env.PATH, HOME: dir, ...envOf(final), PORT: String(port), DATA_DIR: join(dir, 'data') };
    const [cmd, ...args] = execForm(instructions(final, 'CMD')[0]!);
    server = spawn(cmd!, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    url = `http://127.0.0.1:${port}/`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(url + 'healthz')).ok) break;
      } catch {
        if (i > 100) throw new Error(`the image's CMD did not answer /healthz:\n${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 180_000);

  afterAll(() => {
    server?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has production dependencies only', () => {
    expect(existsSync(join(app, 'node_modules/fastify'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/vite'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/tsx'))).toBe(false);
  });

  it('passes its own HEALTHCHECK command', async () => {
    const hc = instructions(final, 'HEALTHCHECK')[0]!;
    const [cmd, ...args] = execForm(hc.slice(hc.indexOf('CMD')));
    const { stdout, stderr } = await exec(cmd!, args, { cwd: app, env });
    expect(stdout + stderr).toBe('');
  });

  it('serves the web app and takes an upload', async () => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const body = new FormData();
    body.set('file', new Blob([readFileSync(fixturePath('d072_tfvnrl.csv'))]), 'd072_tfvnrl.csv');
    const created = await fetch(url + 'api/reports', { method: 'POST', body });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const report = (await (await fetch(`${url}api/reports/${id}`)).json()) as { runs: { meta: { host: string } }[] };
    expect(report.runs[0]!.meta.host).toBe('vm');
  });

  it('runs the dstatview CLI from the compiled code (no sources, no tsx in the image)', async () => {
    const { stdout } = await exec('node', ['bin/dstatview.js', 'stats', fixturePath('d072_tfvnrl.csv')], { cwd: app, env });
    expect(JSON.parse(stdout)).toMatchObject({ producer: 'dstat', host: 'vm', rows: 84 });
    const version = await exec('node', ['bin/dstatview.js', '--version'], { cwd: app, env });
    expect(version.stdout).toMatch(/^dstatview \d+\.\d+\.\d+\n$/);
    // An offline report needs the web build inside the image (dist/web/offline).
    const out = join(app, 'cli-report.html');
    await exec('node', ['bin/dstatview.js', 'report', fixturePath('d072_tfvnrl.csv'), '-o', out], { cwd: app, env });
    expect(readFileSync(out, 'utf8')).toContain('id="dv-embedded-report"');
  });
});
