/**
 * What the commands share (server/cli/common.ts), in process: reading an input (a file, standard input, plain
 * or gzip), the report made of it as the server would store it, option parsing, and the one-line errors with
 * their exit codes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InputError, inputLabel, intOption, parseCommandLine, readInput, reportError, reportOf, UsageError } from '../../../server/cli/common.js';
import { deriveReport, gzipReportJson } from '../../../server/derive-report.js';
import { isReportId } from '../../../server/store/report-id.js';
import { cliTempDir } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { fixturePath } from '../../helpers/fixtures.js';

const FIXTURE = fixturePath('d072_tfvnrl.csv');
const CSV = readFileSync(FIXTURE);
const dir = cliTempDir('dstatview-cli-common-');

/** What reportError prints and returns for `err`. */
const printed = (err: unknown) => runInProcess(async () => reportError(err, 'Usage: dstatview x'), []);

describe('readInput', () => {
  it('reads a file as it is, named by its base name', async () => {
    const input = await readInput(FIXTURE);
    expect(input).toMatchObject({ file: FIXTURE, name: 'd072_tfvnrl.csv', gzip: false });
    expect(input.raw.equals(CSV)).toBe(true);
    expect(input.csv).toBe(input.raw);
  });

  it('reads standard input for -, named stdin.csv', async () => {
    const input = await readInput('-', Readable.from([CSV.subarray(0, 100), CSV.subarray(100)]));
    expect(input).toMatchObject({ file: '-', name: 'stdin.csv', gzip: false });
    expect(input.csv.equals(CSV)).toBe(true);
  });

  it('decompresses a gzip, known by its magic bytes, keeping the bytes as read', async () => {
    const gz = gzipSync(CSV);
    const path = join(dir, 'named-plain.csv');
    writeFileSync(path, gz);
    const input = await readInput(path);
    expect(input.gzip).toBe(true);
    expect(input.raw.equals(gz)).toBe(true);
    expect(input.csv.equals(CSV)).toBe(true);
    // 0x1f first but not gzip: read as it is.
    const odd = join(dir, 'odd.csv');
    writeFileSync(odd, Buffer.from([0x1f, 0x41, 0x42]));
    expect((await readInput(odd)).gzip).toBe(false);
  });

  it('says which file is missing, not a file, or a damaged gzip', async () => {
    await expect(readInput(join(dir, 'nope.csv'))).rejects.toMatchObject({ name: 'InputError', what: join(dir, 'nope.csv'), message: 'no such file' });
    mkdirSync(join(dir, 'a-dir'), { recursive: true });
    await expect(readInput(join(dir, 'a-dir'))).rejects.toMatchObject({ name: 'InputError', message: 'not a file' });
    const cut = gzipSync(CSV).subarray(0, 200);
    await expect(readInput('-', Readable.from([cut]))).rejects.toMatchObject({ name: 'InputError', what: '<stdin>' });
  });
});

describe('reportOf', () => {
  it('is the report the server would store, under a fresh id, its gzipped JSON made once when read', async () => {
    const input = await readInput(FIXTURE);
    const before = Date.now();
    const r = reportOf(input);
    expect(isReportId(r.summary.id)).toBe(true);
    expect(reportOf(input).summary.id).not.toBe(r.summary.id);
    expect(r.summary.fileName).toBe('d072_tfvnrl.csv');
    expect(r.summary.bytes).toBe(CSV.length);
    expect(Date.parse(r.summary.createdAt)).toBeGreaterThanOrEqual(before - 1);
    const fields = { id: r.summary.id, fileName: r.summary.fileName, createdAt: r.summary.createdAt, bytes: r.summary.bytes };
    expect(r.report).toEqual(deriveReport(CSV, fields).report);
    const gz = r.reportJsonGz;
    expect(r.reportJsonGz).toBe(gz);
    expect(JSON.parse(gunzipSync(gz).toString('utf8'))).toEqual(JSON.parse(gunzipSync(gzipReportJson(r.report)).toString('utf8')));
  });

  it('counts the bytes as uploaded (a gzip), and names the input in the error for a file that is not a dstat log', async () => {
    const path = join(dir, 'log.csv.gz');
    writeFileSync(path, gzipSync(CSV));
    expect(reportOf(await readInput(path)).summary.bytes).toBe(readFileSync(path).length);
    const bad = await readInput('-', Readable.from([Buffer.from('not,a,dstat,log\n1,2,3,4\n')]));
    expect(() => reportOf(bad)).toThrow(InputError);
    try {
      reportOf(bad);
    } catch (err) {
      expect((err as InputError).what).toBe('<stdin>');
    }
  });
});

describe('options', () => {
  it('parses options and positionals, an unknown option a UsageError of one line', () => {
    const { values, positionals } = parseCommandLine(['a.csv', '--run', '2', 'b.csv'], { run: { type: 'string' } });
    expect(values.run).toBe('2');
    expect(positionals).toEqual(['a.csv', 'b.csv']);
    expect(() => parseCommandLine(['--nope'], { run: { type: 'string' } })).toThrow(UsageError);
    try {
      parseCommandLine(['--nope'], {});
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
      expect((err as Error).message).toContain("'--nope'");
    }
  });

  it('takes whole numbers in range, saying the range and the text otherwise', () => {
    expect(intOption('run', undefined, 1)).toBeUndefined();
    expect(intOption('run', '3', 1)).toBe(3);
    expect(intOption('run', ' 7 ', 1)).toBe(7);
    expect(intOption('offset', '0')).toBe(0);
    expect(intOption('cols', '4', 1, 4)).toBe(4);
    expect(() => intOption('cols', '5', 1, 4)).toThrow('--cols takes a whole number from 1 to 4, got "5"');
    expect(() => intOption('cols', '0', 1, 4)).toThrow('--cols takes a whole number from 1 to 4, got "0"');
    expect(() => intOption('run', 'zero', 1)).toThrow('--run takes a whole number from 1, got "zero"');
    expect(() => intOption('offset', '-1')).toThrow('--offset takes a whole number from 0, got "-1"');
    expect(() => intOption('offset', '1.5')).toThrow(UsageError);
    expect(() => intOption('offset', '99999999999999999999')).toThrow(UsageError);
  });

  it('labels standard input <stdin> in messages', () => {
    expect(inputLabel('-')).toBe('<stdin>');
    expect(inputLabel('a.csv')).toBe('a.csv');
  });
});

describe('reportError', () => {
  it('prints a usage error with the usage: exit 2', async () => {
    expect(await printed(new UsageError('expected -o OUT'))).toEqual({ code: 2, stdout: '', stderr: 'dstatview: expected -o OUT\n\nUsage: dstatview x\n' });
  });

  it('prints bad input as one line, what and why: exit 1', async () => {
    expect(await printed(new InputError('a.csv', 'line 6: no data rows'))).toEqual({ code: 1, stdout: '', stderr: 'dstatview: a.csv: line 6: no data rows\n' });
    expect(await printed(new RangeError('no run 3'))).toEqual({ code: 1, stdout: '', stderr: 'dstatview: no run 3\n' });
  });

  it('prints any other error with the path it names, if any: exit 1', async () => {
    const fsError = Object.assign(new Error('EACCES: permission denied'), { path: '/out/x.zip' });
    expect(await printed(fsError)).toEqual({ code: 1, stdout: '', stderr: 'dstatview: /out/x.zip: EACCES: permission denied\n' });
    expect(await printed(new Error('boom'))).toEqual({ code: 1, stdout: '', stderr: 'dstatview: boom\n' });
    expect(await printed('a string')).toEqual({ code: 1, stdout: '', stderr: 'dstatview: a string\n' });
  });
});
