/**
 * The compare option table (shared/view/compare-options.ts) and what is derived from it, row by row: each
 * option reads its own text back, a URL of every example gives every example back (compareQuery →
 * parseCompareView), the compare route's query schema takes every example and refuses what is out of
 * bounds. The CLI's flags: test/server/cli/compare-flags.test.ts.
 */
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { compareQuery } from '../../../shared/api/compare-ref.js';
import { CompareQuery } from '../../../shared/api/schemas.js';
import {
  COMPARE_OPTION_NAMES,
  COMPARE_OPTIONS,
  compareOptionsFromTexts,
  compareParam,
  DEFAULT_COMPARE_OPTIONS,
  type CompareOption,
  type CompareOptions,
} from '../../../shared/view/compare-options.js';
import { parseCompareView } from '../../../shared/view/compare-view.js';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'Bb-_0123456789abcdefgh';
const row = (name: string) => COMPARE_OPTIONS[name as keyof typeof COMPARE_OPTIONS] as CompareOption<unknown>;
const examples = Object.fromEntries(COMPARE_OPTION_NAMES.map((n) => [n, row(n).example])) as unknown as CompareOptions;

/** A query as Fastify's Ajv sees it: a text coerced to a number where the schema wants one. */
function routeAccepts(query: Record<string, string>): boolean {
  const props = CompareQuery.properties as Record<string, { type?: string }>;
  const typed = Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, (props[k]?.type === 'number' || props[k]?.type === 'integer') && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v]),
  );
  return Value.Check(CompareQuery, typed);
}

describe('the compare option table', () => {
  it('each option reads its default and its example back from their own text', () => {
    for (const name of COMPARE_OPTION_NAMES) {
      const o = row(name);
      if (o.default !== null) expect(o.codec.fromText(o.codec.toText(o.default)) ?? o.default, name).toEqual(o.default);
      expect(o.codec.fromText(o.codec.toText(o.example)), name).toEqual(o.example);
      expect(o.example, name).not.toEqual(o.default);
    }
  });

  it('a URL of every example gives every example back, each option written once, in the table order', () => {
    const refs = [{ id: A, run: null }, { id: B, run: 2 }];
    const query = compareQuery({ refs, ...examples });
    const names = query.slice(1).split('&').map((p) => p.split('=')[0]);
    expect(names).toEqual(['ids', ...COMPARE_OPTION_NAMES.map(compareParam)]);
    const { error, refs: back, ...options } = parseCompareView(query);
    expect(error).toBeNull();
    expect(back).toEqual(refs);
    expect(options).toEqual(examples);
    // The defaults write nothing.
    expect(compareQuery({ refs, ...DEFAULT_COMPARE_OPTIONS })).toBe(`?ids=${A},${B}:2`);
  });

  it("the route's schema takes every example as a query's text and refuses an out-of-range value", () => {
    for (const name of COMPARE_OPTION_NAMES) {
      const o = row(name);
      const query = { ids: A, [compareParam(name)]: o.codec.toText(o.example) };
      expect(routeAccepts(query), name).toBe(true);
      expect(compareOptionsFromTexts(query), name).toEqual({ ...DEFAULT_COMPARE_OPTIONS, [name]: o.example });
    }
    const bads: Record<string, string>[] = [{ baseline: '-1' }, { baseline: '8' }, { minChange: '1001' }, { align: 'sideways' }, { window: 'half' }, { sort: 'size' }, { idle: 'maybe' }];
    for (const bad of bads) {
      expect(routeAccepts({ ids: A, ...bad }), JSON.stringify(bad)).toBe(false);
    }
    expect(compareOptionsFromTexts({ shift: '1,x' })).toEqual({ bad: 'shifts', param: 'shift', text: '1,x' });
  });
});
