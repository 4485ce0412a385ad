/**
 * What is not a dstat CSV is refused with a DstatFormatError that says what is wrong and where: its `code`,
 * the 1-based `line` (0 when the whole file is at fault) and a message that starts with `line N: `.
 */
import { describe, expect, it } from 'vitest';
import { DstatFormatError, isDstatFormatError, type DstatErrorCode } from '../../../shared/dstat/errors.js';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';

function errorOf(text: string): DstatFormatError {
  try {
    parseDstat(text, { fallbackYear: 2026 });
  } catch (err) {
    expect(err).toBeInstanceOf(DstatFormatError);
    expect(isDstatFormatError(err)).toBe(true);
    return err as DstatFormatError;
  }
  return expect.fail('parseDstat accepted it');
}

function expectError(text: string, code: DstatErrorCode, line: number, message: RegExp): DstatFormatError {
  const err = errorOf(text);
  expect(err.code).toBe(code);
  expect(err.line).toBe(line);
  expect(err.name).toBe('DstatFormatError');
  if (line > 0) expect(err.message.startsWith(`line ${line}: `), err.message).toBe(true);
  expect(err.message).toMatch(message);
  return err;
}

const TITLE = '"Dstat 0.7.2 CSV output"';
const AUTHOR = '"Author:","Dag Wieers <dag@wieers.com>",,,,"URL:","http://dag.wieers.com/home-made/dstat/"';
const HOST = '"Host:","vm",,,,"User:","root"';
const CMDLINE = '"Cmdline:","dstat -tfvnrl --output f.csv 1",,,,"Date:","29 Nov 2026 20:45:49 UTC"';
const METADATA = [TITLE, AUTHOR, HOST, CMDLINE, ''].join('\n') + '\n'; // lines 1–5, as dstat 0.7.2 writes them

describe('files that are not text', () => {
  it('an empty file is EMPTY_FILE, about the whole file (line 0)', () => {
    expectError('', 'EMPTY_FILE', 0, /empty/);
  });

  it('a file of white space only is EMPTY_FILE', () => {
    expectError('  \n\n\t\r\n   \n', 'EMPTY_FILE', 0, /empty/);
  });

  it('a PNG image is BINARY_FILE on line 1, named as a PNG', () => {
    const png = '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001\u0000\u0000\u0000\u0001\u0000\u0008\u0006\u0000\u0000\u0000';
    expectError(png, 'BINARY_FILE', 1, /^line 1: .*binary.*PNG/);
  });

  it('a ZIP archive (an .xlsx) is BINARY_FILE on line 1, named as a ZIP', () => {
    const xlsx = 'PK\u0003\u0004\u0014\u0000\u0006\u0000\u0008\u0000\u0000\u0000!\u0000b\u00ee\u009dh^\u0001\u0000\u0000[Content_Types].xml';
    expectError(xlsx, 'BINARY_FILE', 1, /^line 1: .*binary.*ZIP/);
  });
});

describe('text that is not a dstat CSV: NOT_DSTAT on the first line that cannot be one', () => {
  it('JSON', () => {
    expectError('{"runs": [{"host": "vm", "rows": 84}]}\n', 'NOT_DSTAT', 1, /^line 1: expected the dstat title line/);
  });

  it('an iostat dump', () => {
    const iostat = [
      'Linux 6.1.0-27-amd64 (vm) \t11/29/2026 \t_x86_64_\t(2 CPU)',
      '',
      'avg-cpu:  %user   %nice %system %iowait  %steal   %idle',
      '           1.20    0.00    0.50    0.10    0.00   98.20',
      '',
      'Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd',
      'vda              12.01       101.36       205.93         0.00     912345    1853412          0',
    ].join('\n');
    expectError(iostat, 'NOT_DSTAT', 1, /^line 1: this is iostat \(sysstat\) text output, not a dstat CSV; .*dstat .*--output/);
  });

  it('sar text output and sadf -d: says it is sar, and what to run instead (dstat --output)', () => {
    const sar = [
      'Linux 6.1.0-27-amd64 (vm) \t11/29/2026 \t_x86_64_\t(2 CPU)',
      '',
      '20:45:49        CPU     %user     %nice   %system   %iowait    %steal     %idle',
      '20:45:50        all      1.20      0.00      0.50      0.10      0.00     98.20',
      'Average:        all      1.20      0.00      0.50      0.10      0.00     98.20',
    ].join('\n');
    expectError(sar, 'NOT_DSTAT', 1, /^line 1: this is sar \(sysstat\) text output, not a dstat CSV; dstatview reads the CSV dstat writes: record with `dstat -tcdmnr --output log\.csv 5`/);
    // LC_ALL=C sar without its first line (cut by hand)
    expectError(sar.split('\n').slice(2).join('\n'), 'NOT_DSTAT', 1, /^line 1: this is sar \(sysstat\) text output, not a dstat CSV/);
    const sadf = '# hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle\nvm;1;2026-11-29 20:45:50 UTC;-1;1.20;0.00;0.50;0.10;0.00;98.20\n';
    expectError(sadf, 'NOT_DSTAT', 1, /^line 1: this is sar \(sysstat\) data from sadf -d, not a dstat CSV; .*--output/);
  });

  it('a plain CSV of another tool, quoted header and all', () => {
    const csv = '"timestamp","cpu_percent","mem_used"\n2026-11-29 20:45:49,12.5,1024\n2026-11-29 20:45:50,13.0,1030\n';
    expectError(csv, 'NOT_DSTAT', 1, /^line 1: expected the dstat title line .*timestamp/);
  });

  it('the line number counts leading blank lines', () => {
    expectError('\n\nhello,world\n', 'NOT_DSTAT', 3, /^line 3: expected the dstat title line .*hello/);
  });

  it('the dstat metadata but garbage where the group-name row should be', () => {
    expectError(METADATA + 'hello world\n1,2,3\n', 'NOT_DSTAT', 6, /^line 6: .*group names.*hello world/);
  });

  it('a group-name row but garbage where the column-name row should be', () => {
    expectError(METADATA + '"system","procs",,\n1,2,3,4\n', 'NOT_DSTAT', 7, /^line 7: .*column names.*1,2,3,4/);
  });

  it('the title and nothing else: the header rows are missing at the end of the file', () => {
    expectError(TITLE + '\n', 'NOT_DSTAT', 2, /^line 2: .*group names.*end of the file/);
  });
});

describe('a dstat header without data', () => {
  it('a header block and no data row is NO_DATA_ROWS at the column row, saying "no data rows"', () => {
    const header = readFixture('d072_tfvnrl.csv').split('\n').slice(0, 7).join('\n') + '\n';
    expectError(header, 'NO_DATA_ROWS', 7, /^line 7: .*no data rows/);
  });
});
