/**
 * The work one input can cause: a group (one chart) of more than MAX_GROUP_COLUMNS columns is refused,
 * naming the group and its line; very many devices (each its own small group) are read. The wide files are
 * made from a real fixture's shape (test/helpers/wide-logs.ts); the real wide fixtures keep parsing.
 */
import { describe, expect, it } from 'vitest';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { MAX_COLUMNS, MAX_GROUP_COLUMNS } from '../../../shared/limits.js';
import { readFixture } from '../../helpers/fixtures.js';
import { repeatDevice, widenGroup } from '../../helpers/wide-logs.js';

/** Columns of the first run's header row, the time column included. */
const headerWidth = (csv: string) => csv.split('\n').find((l) => l.startsWith('"time"'))!.split(',').length;

describe('MAX_GROUP_COLUMNS', () => {
  it('refuses a group of ~20 000 columns (under MAX_COLUMNS in all) as TOO_LARGE, naming the group and its line', () => {
    const csv = widenGroup('d073_tfvnrl.csv', 'total cpu usage', 19_900);
    expect(headerWidth(csv)).toBeLessThanOrEqual(MAX_COLUMNS);
    expect(() => parseDstat(csv)).toThrow(
      expect.objectContaining({
        code: 'TOO_LARGE',
        line: 5,
        message: `line 5: the group "total cpu usage" has 19900 columns; dstatview reads at most ${MAX_GROUP_COLUMNS} in one group (MAX_GROUP_COLUMNS)`,
      }),
    );
  });

  it('reads a group of exactly MAX_GROUP_COLUMNS, and not one more', () => {
    const log = parseDstat(widenGroup('d073_tfvnrl.csv', 'total cpu usage', MAX_GROUP_COLUMNS));
    expect(log.runs[0]!.series.filter((s) => s.group === 'total cpu usage')).toHaveLength(MAX_GROUP_COLUMNS);
    expect(() => parseDstat(widenGroup('d073_tfvnrl.csv', 'total cpu usage', MAX_GROUP_COLUMNS + 1))).toThrow(/MAX_GROUP_COLUMNS/);
  });

  it('reads 5 000 disks (10 000 columns in groups of two)', () => {
    const log = parseDstat(repeatDevice('d073_tfvnrl.csv', 'dsk/vda', 5000));
    const disks = new Set(log.runs[0]!.series.filter((s) => s.group.startsWith('dsk/sd')).map((s) => s.group));
    expect(disks.size).toBe(5000);
  });

  it('still reads the real 1 699-disk and 192-CPU files', () => {
    const disks = parseDstat(readFixture('pcp-archive_dstat-diskfarm_1699disks_tfd.csv'));
    expect(new Set(disks.runs[0]!.series.filter((s) => s.group.startsWith('dsk/')).map((s) => s.group)).size).toBe(1699);
    const cpus = parseDstat(readFixture('pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv'));
    expect(new Set(cpus.runs[0]!.series.filter((s) => /^cpu\d+ usage$/.test(s.group)).map((s) => s.group)).size).toBe(192);
  });
});
