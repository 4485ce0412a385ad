/**
 * Why a file took too long to parse, in words: its size, lines and widest line, or its many runs.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeShape, describeSlowFile, fileShape } from '../../../server/upload/describe-slow-file.js';
import { removeTempDirs, tempDir } from '../../helpers/app.js';

afterAll(removeTempDirs);

const title = (producer: string) => `"${producer} CSV output"\n"Host:","h"\n1,2\n`;

describe('fileShape', () => {
  it('counts lines and the widest, with or without a last newline', () => {
    expect(fileShape('ab\ncdef\ng\n')).toEqual({ bytes: 10, lines: 3, runs: 0, widestLine: 4 });
    expect(fileShape('ab\ncdef\nghijkl')).toEqual({ bytes: 14, lines: 3, runs: 0, widestLine: 6 });
    expect(fileShape('abc')).toEqual({ bytes: 3, lines: 1, runs: 0, widestLine: 3 });
    expect(fileShape('')).toEqual({ bytes: 0, lines: 0, runs: 0, widestLine: 0 });
    expect(fileShape('\n\n')).toEqual({ bytes: 2, lines: 2, runs: 0, widestLine: 0 });
  });

  it("counts the title lines of dstat, dool and pcp-dstat, at the start of a line only, in any case", () => {
    const text = title('Dstat 0.7.2') + title('dool 1.3.4') + title('pcp-dstat 6.0.3').replace('CSV output', 'CSV Output');
    expect(fileShape(text).runs).toBe(3);
    expect(fileShape(`Dstat 0.6.7 CSV output\n`).runs).toBe(1);
    expect(fileShape(`x,"Dstat 0.7.2 CSV output"\n`).runs).toBe(0);
    expect(fileShape(`"Dstat 0.7.2"\n"CSV output"\n`).runs).toBe(0);
    expect(fileShape(`"vmstat 1.0 CSV output"\n`).runs).toBe(0);
  });
});

describe('describeShape', () => {
  it('names size, lines and the widest line', () => {
    expect(describeShape({ bytes: 3 * 1024 * 1024, lines: 5000, runs: 1, widestLine: 80000 })).toBe(
      '3 MiB in 5000 lines, the widest of 80000 characters; upload a shorter part of the log',
    );
  });

  it('names the runs as the cause past 100 of them', () => {
    expect(describeShape({ bytes: 2048, lines: 300, runs: 101, widestLine: 10 })).toBe(
      'it holds 101 runs (header blocks appended one after another) in 2 KiB; upload the runs you need as separate files',
    );
    expect(describeShape({ bytes: 2048, lines: 300, runs: 100, widestLine: 10 })).toMatch(/^2 KiB in 300 lines/);
  });
});

describe('describeSlowFile', () => {
  it('reads the file byte for byte (latin1), so sizes are bytes', async () => {
    const path = join(await tempDir(), 'slow.csv');
    await writeFile(path, 'héllo\nwörld\n');
    expect(await describeSlowFile(path)).toBe('14 bytes in 2 lines, the widest of 6 characters; upload a shorter part of the log');
  });

  it('says so when the file is gone', async () => {
    expect(await describeSlowFile(join(await tempDir(), 'missing.csv'))).toBe('the file could not be examined');
  });
});
