import { describe, expect, it } from 'vitest';
import { parseDstat } from '../../../shared/dstat/parse-dstat.js';
import { readFixture } from '../../helpers/fixtures.js';

function dialectOf(name: string, edit: (text: string) => string = (t) => t) {
  return parseDstat(edit(readFixture(name)), { fallbackYear: 2000 }).dialect;
}

function missingNote(name: string): string | undefined {
  return dialectOf(name).issues.find((i) => i.message.startsWith('this log has no'))?.message;
}

describe('the command that records complete graphs, suggested only when graphs are missing', () => {
  it('suggests nothing for a complete dstat 0.7.2 -tfvnrl log (it expands CPUs with -f)', () => {
    expect(dialectOf('d072_tfvnrl.csv').suggestedCommand).toBe('');
    expect(missingNote('d072_tfvnrl.csv')).toBeUndefined();
  });

  it('names what a -tvfn log lacks and the dstat command, at the delay it was recorded with', () => {
    expect(missingNote('d072_tvfn.csv')).toBe('this log has no disk IOPS (-r), load average (-l) columns, so those graphs are missing');
    expect(dialectOf('d072_tvfn.csv').suggestedCommand).toBe('dstat -tfvnrl --output log.csv 1');
    expect(dialectOf('found__jschaub30-viz_dstat__dstat.csv').suggestedCommand).toBe('dstat -tfvnrl --output log.csv 5');
  });

  it('leaves -r out for dstat before 0.6.9, which has no such option (0.6.9 has: d069 was recorded with it)', () => {
    // d066_tvfn.csv: dstat 0.6.6 -tvfn, no io/* and no load avg columns; here with a 5 s delay
    const d = dialectOf('d066_tvfn.csv', (t) => t.replace('--output d066_tvfn.csv 1"', '--output d066_tvfn.csv 5"'));
    expect(d.suggestedCommand).toBe('dstat -tfvnl --output log.csv 5');
    expect(d.issues.find((i) => i.message.startsWith('this log has no'))?.message).toBe(
      'this log has no load average (-l) columns, so those graphs are missing',
    );
    // the same columns written by 0.6.9 lack IOPS that 0.6.9 could have recorded
    const as069 = (t: string) => t.replace('"Dstat 0.6.6 CSV output"', '"Dstat 0.6.9 CSV output"');
    expect(dialectOf('d066_tvfn.csv', as069).suggestedCommand).toBe('dstat -tfvnrl --output log.csv 1');
  });

  it('adds -C all for dstat 0.7.3+ and dool, whose -f no longer gives per-CPU columns', () => {
    expect(missingNote('d073_tfvnrl.csv')).toMatch(/per-CPU usage \(-C all\)/);
    expect(dialectOf('deb080_tfvnrl.csv').suggestedCommand).toBe('dstat -tfvnrl -C all --output log.csv 1');
    expect(dialectOf('dool134_tfvnrl.csv').suggestedCommand).toBe('dool --bytes -tfvnrl -C all --output log.csv 1');
  });

  it('tells pcp-dstat users to redirect the output when the header was cut by a narrow terminal', () => {
    expect(dialectOf('pcp_tty80_tfvnrl.csv').suggestedCommand).toBe('pcp dstat -tfvnrl --output log.csv 1 > /dev/null');
    expect(dialectOf('pcp_tfvnrl.csv').suggestedCommand).toBe('');
  });

  it('asks for -t when the log has no time column', () => {
    const noTime = (text: string) => text.replace(/^("system"|"time"|[0-9-]+ [0-9:]+),/gm, '');
    const d = dialectOf('d072_tfvnrl.csv', noTime);
    expect(d.timeSource).toBe('sample');
    expect(d.suggestedCommand).toBe('dstat -tfvnrl --output log.csv 1');
    expect(d.issues.some((i) => /time \(-t\)/.test(i.message))).toBe(true);
  });
});
