/**
 * `dstatview upload` (server/cli/upload.ts), in process, against a real server on a port (the app, in this
 * process) and, for odd answers, a bare HTTP server: the share URL with the view options, the file sent as
 * given (a .csv.gz too), standard input, and every way it fails.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as runDelete, usage as deleteUsage } from '../../../server/cli/delete.js';
import { run, usage } from '../../../server/cli/upload.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';
import { cliTempDir } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { fixturePath } from '../../helpers/fixtures.js';

const FIXTURE = fixturePath('d072_tfvnrl.csv');
const CSV = readFileSync(FIXTURE);
const dir = cliTempDir('dstatview-cli-upload-');
const upload = (...args: string[]) => runInProcess(run, args);
const remove = (...args: string[]) => runInProcess(runDelete, args);
/** The delete token `upload` prints on standard error. */
const tokenOf = (stderr: string) => /^delete token: (\S+)$/m.exec(stderr)?.[1] ?? '';

let t: TestApp;
let base = '';
/** A server answering every request with `answer` (status, content type, body). */
let odd: Server;
let oddBase = '';
let answer: { status: number; type: string; body: string } = { status: 201, type: 'application/json', body: '{}' };

beforeAll(async () => {
  t = await makeApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  odd = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body));
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddBase = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.cleanup();
  await new Promise((resolve) => odd.close(resolve));
  await removeTempDirs();
});

const idOf = (url: string) => /\/r\/([\w-]{22})/.exec(url)![1]!;

describe('dstatview upload, in process', () => {
  it('uploads a file and prints its share URL, with the view options in its query', async () => {
    const r = await upload(FIXTURE, '--server', base, '--height', '250', '--x', 'elapsed');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^delete token: [\w-]+\n.*dstatview delete URL --token TOKEN.*\n$/);
    const url = new URL(r.stdout.trimEnd());
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(url.origin).toBe(base);
    expect(url.search).toBe('?height=250&x=elapsed');
    const stored = await t.app.inject(`/api/reports/${idOf(url.pathname)}/csv`);
    expect(stored.rawPayload.equals(CSV)).toBe(true);
    expect((await t.app.inject(`/api/reports/${idOf(url.pathname)}`)).json()).toMatchObject({ fileName: 'd072_tfvnrl.csv' });
  });

  it('sends a .csv.gz as it is, and standard input as stdin.csv; the server is DSTATVIEW_SERVER when not given', async () => {
    const gz = join(dir, 'log.csv.gz');
    writeFileSync(gz, gzipSync(CSV));
    const r = await upload(gz, '--server', base);
    expect(r.code).toBe(0);
    const summary = (await t.app.inject(`/api/reports/${idOf(r.stdout)}`)).json<{ fileName: string; bytes: number }>();
    expect(summary).toMatchObject({ fileName: 'log.csv.gz', bytes: readFileSync(gz).length });
    expect(new URL(r.stdout.trim()).search).toBe('');

    process.env.DSTATVIEW_SERVER = base;
    try {
      const s = await runInProcess(run, ['-'], CSV);
      expect(s.code).toBe(0);
      expect((await t.app.inject(`/api/reports/${idOf(s.stdout)}`)).json()).toMatchObject({ fileName: 'stdin.csv' });
    } finally {
      delete process.env.DSTATVIEW_SERVER;
    }
  });

  it("exits 1 with the server's reason for a file it refuses", async () => {
    const bad = fixturePath('up074-py39_tfvnrl_crash.csv');
    const r = await upload(bad, '--server', base);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^dstatview: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 6: [^\\n]+\\n$`));
  });

  it('exits 1 for a missing file, a server it cannot reach, or an answer that is no report', async () => {
    const missing = join(dir, 'nope.csv');
    expect(await upload(missing, '--server', base)).toEqual({ code: 1, stdout: '', stderr: `dstatview: ${missing}: no such file\n` });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await upload(FIXTURE, '--server', `http://127.0.0.1:${port}`);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(new RegExp(`^dstatview: http://127\\.0\\.0\\.1:${port}: cannot reach the server \\(.*ECONNREFUSED.*\\)\\n$`));

    answer = { status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' };
    expect((await upload(FIXTURE, '--server', oddBase)).stderr).toBe(`dstatview: ${FIXTURE}: the server answered HTTP 502\n`);
    answer = { status: 201, type: 'application/json', body: '{"id":"x"}' };
    expect((await upload(FIXTURE, '--server', oddBase)).stderr).toBe(`dstatview: ${FIXTURE}: the server answered HTTP 201\n`);
    answer = { status: 503, type: 'application/json', body: '{"code":"SERVER_BUSY","message":"busy, try again"}' };
    expect(await runInProcess(run, ['-', '--server', oddBase], CSV)).toMatchObject({ code: 1, stderr: 'dstatview: <stdin>: busy, try again\n' });
  });

  it("adds the view options to a URL that has a query already, relative to the server's address", async () => {
    answer = { status: 201, type: 'application/json', body: '{"url":"/r/abc?height=300"}' };
    expect(await upload(FIXTURE, '--server', `${oddBase}/some/path`, '--cols', '3')).toEqual({ code: 0, stdout: `${oddBase}/r/abc?height=300&cols=3\n`, stderr: '' });
    // a reply without a delete token: nothing said of one
    expect((await upload(FIXTURE, '--server', oddBase)).stdout).toBe(`${oddBase}/r/abc?height=300\n`);
  });

  it('prints its help; exit 2 with the usage for a wrong command line', async () => {
    expect(await upload('--help')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
    for (const [args, message] of [
      [[], 'expected one LOG.csv'],
      [[FIXTURE, FIXTURE, '--server', base], 'expected one LOG.csv'],
      [[FIXTURE], 'expected --server URL'],
      [[FIXTURE, '--server', 'not a url'], '--server takes an http(s) URL, got "not a url"'],
      [[FIXTURE, '--server', 'ftp://example.com'], '--server takes an http(s) URL, got "ftp://example.com"'],
      [[FIXTURE, '--server', base, '--cols', '0'], '--cols takes a whole number from 1 to 4'],
    ] as const) {
      const r = await upload(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`dstatview: ${message}${r.stderr.slice(`dstatview: ${message}`.length, r.stderr.indexOf('\n'))}\n\n${usage}\n`);
    }
  });
});

describe('the delete token: upload keeps it, dstatview delete uses it', () => {
  it('upload prints the delete token on standard error; with it, delete removes the report for everyone', async () => {
    const r = await upload(FIXTURE, '--server', base);
    expect(r.code).toBe(0);
    const url = r.stdout.trim();
    const token = tokenOf(r.stderr);
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(r.stdout).not.toContain(token);
    const id = idOf(url);
    expect((await t.app.inject(`/api/reports/${id}`)).statusCode).toBe(200);

    const wrong = await remove(url, '--token', token.slice(1) + 'x');
    expect(wrong).toEqual({ code: 1, stdout: '', stderr: `dstatview: ${base}/r/${id}: this is not the delete token of this report; the report stays\n` });
    expect((await t.app.inject(`/api/reports/${id}`)).statusCode).toBe(200);

    expect(await remove(`${url}?height=250`, '--token', token)).toEqual({ code: 0, stdout: `deleted ${base}/r/${id}\n`, stderr: '' });
    expect((await t.app.inject(`/api/reports/${id}`)).statusCode).toBe(404);
    expect(await remove(url, '--token', token)).toEqual({
      code: 1,
      stdout: '',
      stderr: `dstatview: ${base}/r/${id}: no such report on this server (deleted already, or the URL is incomplete)\n`,
    });
  });

  it('upload --json prints the whole reply (url absolute, with the view options) and nothing on standard error', async () => {
    const r = await upload(FIXTURE, '--server', base, '--json', '--cols', '2');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const reply = JSON.parse(r.stdout) as { id: string; url: string; deleteToken: string };
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(reply.url).toBe(`${base}/r/${reply.id}?cols=2`);
    expect(reply.deleteToken).toMatch(/^[\w-]{20,}$/);
    process.env.DSTATVIEW_DELETE_TOKEN = reply.deleteToken;
    try {
      expect((await remove(reply.url)).code).toBe(0);
    } finally {
      delete process.env.DSTATVIEW_DELETE_TOKEN;
    }
    expect((await t.app.inject(`/api/reports/${reply.id}`)).statusCode).toBe(404);
  });

  it('delete: clear errors for a server it cannot reach and an odd answer; usage errors exit 2', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const id = 'A'.repeat(22);
    const unreachable = await remove(`http://127.0.0.1:${port}/r/${id}`, '--token', 'T');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(new RegExp(`^dstatview: http://127\\.0\\.0\\.1:${port}: cannot reach the server \\(.*ECONNREFUSED.*\\)\\n$`));
    answer = { status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' };
    expect((await remove(`${oddBase}/r/${id}`, '--token', 'T')).stderr).toBe(`dstatview: ${oddBase}/r/${id}: the server answered HTTP 502\n`);

    expect(await remove('--help')).toEqual({ code: 0, stdout: `${deleteUsage}\n`, stderr: '' });
    for (const [args, message] of [
      [[], 'expected one report URL'],
      [[`${base}/r/${id}`], 'expected --token TOKEN (the delete token `dstatview upload` printed)'],
      [['not a url', '--token', 'T'], `expected the report's URL (http(s)://…/r/ID), got "not a url"`],
      [[`${base}/r/short`, '--token', 'T'], `expected the report's URL (http(s)://…/r/ID), got "${base}/r/short"`],
      [[`ftp://x/r/${id}`, '--token', 'T'], `expected the report's URL (http(s)://…/r/ID), got "ftp://x/r/${id}"`],
    ] as const) {
      const r = await remove(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`dstatview: ${message}\n\n${deleteUsage}\n`);
    }
  });
});
