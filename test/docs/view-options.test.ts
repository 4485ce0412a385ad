/**
 * docs/view-options.md lists every option of the view table (shared/view/view-options.ts) with its URL key,
 * its CLI flag and whether it is drawn, and every compare option (shared/view/compare-options.ts) with its
 * URL key and flag: the page cannot fall behind the tables.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPARE_OPTION_NAMES, COMPARE_OPTIONS, compareParam } from '../../shared/view/compare-options.js';
import { VIEW_OPTION_NAMES, VIEW_OPTIONS } from '../../shared/view/view-options.js';

const [reportPart, comparePart] = readFileSync(new URL('../../docs/view-options.md', import.meta.url), 'utf8').split('\n## Compare options\n');
/** A table's rows by their first cell (the URL key). */
const tableRows = (text: string) =>
  new Map(
    text
      .split('\n')
      .filter((l) => /^\| `[A-Za-z]+` \|/.test(l))
      .map((l) => {
        const cells = l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
        return [cells[0]!.replace(/`/g, ''), cells] as const;
      }),
  );
const rows = tableRows(reportPart!);
const compareRows = tableRows(comparePart ?? '');

describe('docs/view-options.md', () => {
  it('has a row for every option of the table and none other, in its order', () => {
    expect([...rows.keys()]).toEqual(VIEW_OPTION_NAMES);
  });

  it("gives each option's flag and says whether it is drawn and needs the raw samples", () => {
    for (const name of VIEW_OPTION_NAMES) {
      const o = VIEW_OPTIONS[name];
      const cells = rows.get(name)!;
      const flag = o.default === true ? `--no-${o.flag}` : `--${o.flag}`;
      expect(cells[1], name).toMatch(new RegExp(`^\`${flag}( |\`)`));
      expect(cells[5], name).toBe(o.drawn ? 'yes' : 'no');
      expect(cells[6], name).toBe(o.raw ? 'yes' : 'no');
    }
  });
});

describe('docs/view-options.md, compare options', () => {
  it('has a row for every compare option, by its URL key, in its order, with its flag', () => {
    expect([...compareRows.keys()]).toEqual(COMPARE_OPTION_NAMES.map(compareParam));
    for (const name of COMPARE_OPTION_NAMES) {
      const flag = COMPARE_OPTIONS[name].flag;
      const cells = compareRows.get(compareParam(name))!;
      expect(cells[1], name).toMatch(flag === null ? /^\(page only\)$/ : new RegExp(`^\`--${flag}( |\`)`));
    }
  });
});
