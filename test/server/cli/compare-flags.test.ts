/**
 * The compare options as CLI flags (server/cli/compare-flags.ts), derived from the option table
 * (shared/view/compare-options.ts): every row with a flag parses from it to its example, a shorthand sets its
 * value, the help names every flag, and a bad value names its flag and what it takes.
 */
import { describe, expect, it } from 'vitest';
import { COMPARE_FLAGS, compareFlagsHelp, compareOptionsFromFlags } from '../../../server/cli/compare-flags.js';
import { COMPARE_OPTION_NAMES, COMPARE_OPTIONS, DEFAULT_COMPARE_OPTIONS, type CompareOption } from '../../../shared/view/compare-options.js';

const row = (name: string) => COMPARE_OPTIONS[name as keyof typeof COMPARE_OPTIONS] as CompareOption<unknown>;

describe('the compare flags', () => {
  it('every option with a flag parses from it to its example; a shorthand sets its value; help names each flag', () => {
    const help = compareFlagsHelp();
    for (const name of COMPARE_OPTION_NAMES) {
      const o = row(name);
      if (o.flag === null) continue;
      expect(COMPARE_FLAGS[o.flag], name).toEqual({ type: 'string' });
      expect(help, name).toContain(`--${o.flag} ${o.codec.metavar}`);
      expect(compareOptionsFromFlags({ [o.flag]: o.codec.toText(o.example) }), name).toEqual({
        ok: true,
        options: { ...DEFAULT_COMPARE_OPTIONS, [name]: o.example },
      });
      if (o.shorthand) {
        expect(COMPARE_FLAGS[o.shorthand.flag]).toEqual({ type: 'boolean' });
        expect(compareOptionsFromFlags({ [o.shorthand.flag]: true })).toEqual({ ok: true, options: { ...DEFAULT_COMPARE_OPTIONS, [name]: o.shorthand.value } });
      }
    }
    expect(compareOptionsFromFlags({ 'min-change': '-1' })).toEqual({ ok: false, bad: 'minChange', message: '--min-change takes a percentage from 0 to 1000, got "-1"' });
    expect(compareOptionsFromFlags({ common: true, window: 'whole' })).toMatchObject({ ok: false, bad: 'window' });
  });
});
