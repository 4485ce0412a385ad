import { describe, expect, it } from 'vitest';
import { WeightedLru } from '../../../server/compare/lru.js';

describe('WeightedLru', () => {
  it('drops the least recently used entries to stay within its budget', () => {
    const lru = new WeightedLru<string, number>(10);
    lru.set('a', 1, 4);
    lru.set('b', 2, 4);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3, 4); // 12 > 10: b goes
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.weight).toBe(8);
  });

  it('keeps nothing heavier than the whole budget, and replaces an entry of the same key', () => {
    const lru = new WeightedLru<string, number>(10);
    lru.set('a', 1, 4);
    lru.set('big', 2, 11);
    expect(lru.get('big')).toBeUndefined();
    lru.set('a', 5, 6);
    expect(lru.get('a')).toBe(5);
    expect(lru.weight).toBe(6);
    lru.delete('a');
    expect(lru.weight).toBe(0);
  });
});
