/**
 * The option table (shared/view/view-options.ts) and what is derived from it: every option reads its own
 * text back, its example is valid, the routes' schema has every option with the codec's bounds, the options
 * that do not change images leave the first screen's key, and a view is made whole from some options.
 */
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  changedOptions,
  DEFAULT_VIEW,
  drawnView,
  VIEW_OPTION_NAMES,
  VIEW_OPTIONS,
  viewFromTexts,
  wholeView,
  type Codec,
} from '../../../shared/view/view-options.js';
import { parseViewState, serialiseViewState } from '../../../shared/view/view-state.js';
import { ViewQuerySchema } from '../../../shared/view/view-query-schema.js';

describe('the view option table', () => {
  it('each option reads its default and its example back from their own text', () => {
    for (const name of VIEW_OPTION_NAMES) {
      const o = VIEW_OPTIONS[name];
      const codec = o.codec as Codec<unknown>;
      if (o.default !== null) expect(codec.fromText(codec.toText(o.default)), name).toEqual(o.default);
      expect(codec.fromText(codec.toText(o.example)), name).toEqual(o.example);
    }
  });

  it('a URL of every example gives every example back', () => {
    const all = wholeView(Object.fromEntries(VIEW_OPTION_NAMES.map((n) => [n, VIEW_OPTIONS[n].example])));
    expect(changedOptions(all).sort()).toEqual([...VIEW_OPTION_NAMES].sort());
    expect(parseViewState(serialiseViewState(all))).toEqual(all);
  });

  it("the routes' schema names every option, optional, with the codec's bounds", () => {
    expect(Object.keys(ViewQuerySchema.properties).sort()).toEqual([...VIEW_OPTION_NAMES].sort());
    expect(Value.Check(ViewQuerySchema, {})).toBe(true);
    expect(Value.Check(ViewQuerySchema, { height: 100, cols: 4, smooth: 3600, x: 'elapsed', trend: '1', hide: 'cpu:total' })).toBe(true);
    for (const bad of [{ height: 99 }, { height: 1201 }, { cols: 5 }, { smooth: 0 }, { smooth: 3601 }, { x: 'sideways' }, { trend: 'maybe' }, { run: 0 }, { from: -1 }]) {
      expect(Value.Check(ViewQuerySchema, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads option texts strictly, naming the first bad one', () => {
    expect(viewFromTexts({ height: '300', smooth: '5', hide: 'b,a' })).toEqual({ ...DEFAULT_VIEW, height: 300, smooth: 5, hide: ['a', 'b'] });
    expect(viewFromTexts({ height: '300', cols: '9' })).toEqual({ bad: 'cols', text: '9' });
  });

  it('the drawn view resets only the options that change no image (cols, and link: images shade stored findings)', () => {
    const v = wholeView({ cols: 2, height: 300, smooth: 4, link: [{ nic: 'eth0', bitsPerSecond: 1e9 }] });
    expect(drawnView(v)).toEqual({ ...v, cols: null, link: [] });
    for (const name of VIEW_OPTION_NAMES) {
      if (VIEW_OPTIONS[name].drawn) continue;
      expect(['cols', 'link']).toContain(name);
    }
  });

  it('a whole view takes the options given, defaults the rest, and drops half a zoom window', () => {
    expect(wholeView({})).toEqual(DEFAULT_VIEW);
    expect(wholeView({ smooth: 3, height: undefined })).toEqual({ ...DEFAULT_VIEW, smooth: 3 });
    expect(wholeView({ from: 5 })).toEqual(DEFAULT_VIEW);
    expect(wholeView({ from: 5, to: 2 })).toEqual(DEFAULT_VIEW);
    expect(wholeView({ from: 5, to: 8 })).toEqual({ ...DEFAULT_VIEW, from: 5, to: 8 });
  });
});
