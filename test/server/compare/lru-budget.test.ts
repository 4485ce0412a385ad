/**
 * WeightedLru at its bounds: a budget filled exactly, eviction in least-recent order until the new entry
 * fits, and the weight kept exact through replacements and deletions.
 */
import { describe, expect, it } from 'vitest';
import { WeightedLru } from '../../../server/compare/lru.js';

const keys = (lru: WeightedLru<string, string>) => [...lru.values()];

/** Values are their keys, so values() lists the keys. */
const put = (lru: WeightedLru<string, string>, key: string, weight: number) => lru.set(key, key, weight);

function filled(budget: number, entries: Array<[string, number]>): WeightedLru<string, string> {
  const lru = new WeightedLru<string, string>(budget);
  for (const [k, w] of entries) put(lru, k, w);
  return lru;
}

describe('WeightedLru bounds', () => {
  it('keeps a value of exactly the budget, and fills the budget exactly without evicting', () => {
    expect(keys(filled(10, [['a', 10]]))).toEqual(['a']);
    const lru = filled(10, [['a', 4], ['b', 6]]);
    expect(keys(lru)).toEqual(['a', 'b']);
    expect(lru.weight).toBe(10);
  });

  it('evicts the least recent entries, only as many as needed, oldest first', () => {
    const lru = filled(10, [['a', 3], ['b', 3], ['c', 3]]);
    put(lru, 'd', 4); // 13 > 10: a goes (10 fits)
    expect(keys(lru)).toEqual(['b', 'c', 'd']);
    expect(lru.weight).toBe(10);
    put(lru, 'e', 6); // 16: b and c go, d stays (10 fits)
    expect(keys(lru)).toEqual(['d', 'e']);
    expect(lru.weight).toBe(10);
  });

  it('evicts everything for an entry of the whole budget', () => {
    const lru = filled(10, [['a', 3], ['b', 3]]);
    put(lru, 'c', 10);
    expect(keys(lru)).toEqual(['c']);
    expect(lru.weight).toBe(10);
  });

  it('a read makes an entry the most recent; values() does not', () => {
    const lru = filled(10, [['a', 5], ['b', 5]]);
    expect(lru.get('a')).toBe('a');
    expect(keys(lru)).toEqual(['b', 'a']);
    expect(keys(lru)).toEqual(['b', 'a']);
    put(lru, 'c', 5);
    expect(keys(lru)).toEqual(['a', 'c']);
    expect(lru.get('missing')).toBeUndefined();
    expect(keys(lru)).toEqual(['a', 'c']);
  });

  it('replacing a key frees its old weight first, and a too heavy replacement removes it', () => {
    const lru = filled(10, [['a', 5], ['b', 5]]);
    put(lru, 'a', 8); // b goes: 5 + 8 > 10
    expect(keys(lru)).toEqual(['a']);
    expect(lru.weight).toBe(8);
    put(lru, 'a', 11);
    expect(keys(lru)).toEqual([]);
    expect(lru.weight).toBe(0);
  });

  it('deleting a missing key changes nothing', () => {
    const lru = filled(10, [['a', 4]]);
    lru.delete('b');
    expect(lru.weight).toBe(4);
    expect(keys(lru)).toEqual(['a']);
  });

  it('an entry of weight 0 always fits', () => {
    const lru = filled(10, [['a', 10]]);
    put(lru, 'z', 0);
    expect(keys(lru)).toEqual(['a', 'z']);
  });
});
