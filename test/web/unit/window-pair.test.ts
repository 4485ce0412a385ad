/** The second window "Compare this window with…" offers (web/src/compare/window-pair.ts), clamped to the run. */
import { describe, expect, it } from 'vitest';
import { defaultOtherWindow, otherWindow, wholeSeconds } from '../../../web/src/compare/window-pair.js';

describe('window pair', () => {
  it('a zoom window to whole seconds, outward and within the run', () => {
    expect(wholeSeconds({ from: 12.4, to: 41.2 }, 98.5)).toEqual({ from: 12, to: 42 });
    expect(wholeSeconds({ from: 0, to: 98.2 }, 98.2)).toEqual({ from: 0, to: 99 });
  });

  it('the same length before or after, or the rest of the run; clamped, or none when there is no room', () => {
    const w = { from: 30, to: 50 };
    expect(otherWindow('before', w, 100)).toEqual({ from: 10, to: 30 });
    expect(otherWindow('after', w, 100)).toEqual({ from: 50, to: 70 });
    expect(otherWindow('rest', w, 100)).toEqual({ from: 50, to: 100 });
    expect(otherWindow('before', { from: 5, to: 50 }, 100)).toEqual({ from: 0, to: 5 });
    expect(otherWindow('after', { from: 80, to: 100 }, 99.5)).toBeNull();
    expect(otherWindow('before', { from: 0, to: 10 }, 100)).toBeNull();
  });

  it('offers the same length before when the run has it all, else after, else what there is before', () => {
    expect(defaultOtherWindow({ from: 30, to: 50 }, 100)).toBe('before');
    expect(defaultOtherWindow({ from: 10, to: 50 }, 100)).toBe('after');
    expect(defaultOtherWindow({ from: 10, to: 100 }, 100)).toBe('before');
  });
});
