/**
 * NICs' link speeds as the view option `link` holds them (`eth0:10G,eth1:1G`): read by the engine's one
 * parser (shared/findings/link.ts), sorted, written back as short as exact.
 */
import { describe, expect, it } from 'vitest';
import { formatLinkBits, formatLinkSpeeds, parseLinkItems, parseLinkSpeeds } from '../../../shared/findings/link-speeds.js';

describe('parseLinkSpeeds', () => {
  it('reads bits per second with 1000-based suffixes and an optional bit unit, sorted by interface', () => {
    expect(parseLinkSpeeds('eth1:1000M, eth0:10G,bond0:100Mbit/s,wan:2.5Gb')).toEqual([
      { nic: 'bond0', bitsPerSecond: 100e6 },
      { nic: 'eth0', bitsPerSecond: 10e9 },
      { nic: 'eth1', bitsPerSecond: 1e9 },
      { nic: 'wan', bitsPerSecond: 2.5e9 },
    ]);
  });

  it('splits at the last colon, so an alias keeps its own', () => {
    expect(parseLinkSpeeds('eth0:1:1G')).toEqual([{ nic: 'eth0:1', bitsPerSecond: 1e9 }]);
  });

  it('is none for an empty text, and refuses the whole list when one item is not understood', () => {
    expect(parseLinkSpeeds('')).toEqual([]);
    expect(parseLinkItems([])).toEqual([]);
    for (const bad of ['eth0', ':10G', 'eth0:', 'eth0:fast', 'eth0:10G,eth1', 'eth0:1G,eth0:2G', 'eth0:0', 'eth 0:1G']) {
      expect(parseLinkSpeeds(bad), bad).toBeUndefined();
    }
    expect(parseLinkSpeeds(`eth0:1G,${'x'.repeat(5000)}`)).toBeUndefined();
  });

  it('writes a list back as short as it is exact, and reads it back the same', () => {
    const text = 'bond0:100M,eth0:10G,eth1:2.5G,lo:1.5k,wan:999';
    const links = parseLinkSpeeds(text)!;
    expect(formatLinkSpeeds(links)).toBe(text);
    expect(parseLinkSpeeds(formatLinkSpeeds(links))).toEqual(links);
    expect(formatLinkBits(1_234_567)).toBe('1234.567k');
    expect(formatLinkBits(1_000_000_001)).toBe('1000000.001k');
  });
});
