/** NICs' link speeds as people write them (`eth0:10G,eth1:1G`): one parser for the URL, the routes and the CLI. */
import { describe, expect, it } from 'vitest';
import {
  formatLinkBits,
  formatLinkSpeeds,
  linkBytesPerSecond,
  parseLinkBits,
  parseLinkItem,
  parseLinkSpeeds,
} from '../../../shared/findings/link-speeds.js';

describe('parseLinkBits', () => {
  it('reads bits per second with 1000-based suffixes and an optional bit unit, any case', () => {
    expect(parseLinkBits('10G')).toBe(10e9);
    expect(parseLinkBits('2.5Gb')).toBe(2.5e9);
    expect(parseLinkBits('100Mbit/s')).toBe(100e6);
    expect(parseLinkBits('100mbps')).toBe(100e6);
    expect(parseLinkBits('1k')).toBe(1000);
    expect(parseLinkBits('1000000000')).toBe(1e9);
    expect(parseLinkBits(' 40 G ')).toBe(40e9);
  });

  it('refuses what is no speed: empty, zero, negative, bytes-looking suffixes, beyond 10 Tbit/s', () => {
    for (const bad of ['', 'G', '0', '0G', '-1G', '10X', '10GiB', '1e9', '20T', 'ten']) expect(parseLinkBits(bad), bad).toBeUndefined();
  });
});

describe('parseLinkItem', () => {
  it('splits at the last colon, so an alias keeps its own', () => {
    expect(parseLinkItem('eth0:10G')).toEqual({ nic: 'eth0', bitsPerSecond: 10e9 });
    expect(parseLinkItem('eth0:1:1G')).toEqual({ nic: 'eth0:1', bitsPerSecond: 1e9 });
  });

  it('needs both a name and a speed', () => {
    for (const bad of ['eth0', ':10G', 'eth0:', 'eth0:fast', `${'x'.repeat(65)}:1G`]) expect(parseLinkItem(bad), bad).toBeUndefined();
  });
});

describe('parseLinkSpeeds', () => {
  it('reads a comma-separated list, sorted by interface, the last given winning, empty items skipped', () => {
    expect(parseLinkSpeeds('eth1:1G, eth0:10G,,eth1:2.5G')).toEqual([
      { nic: 'eth0', bitsPerSecond: 10e9 },
      { nic: 'eth1', bitsPerSecond: 2.5e9 },
    ]);
    expect(parseLinkSpeeds('')).toEqual([]);
  });

  it('refuses the whole list when one item is not understood', () => {
    expect(parseLinkSpeeds('eth0:10G,eth1')).toBeUndefined();
  });

  it('writes a list back as short as it is exact, and reads it back the same', () => {
    const text = 'bond0:100M,eth0:10G,eth1:2.5G,lo:1.5k,wan:999';
    const links = parseLinkSpeeds(text)!;
    expect(formatLinkSpeeds(links)).toBe(text);
    expect(parseLinkSpeeds(formatLinkSpeeds(links))).toEqual(links);
    expect(formatLinkBits(1_234_567)).toBe('1234.567k');
    expect(formatLinkBits(1_000_000_001)).toBe('1000000.001k');
  });

  it('gives the rule bytes per second by interface (a 10G link moves 1.25 GB/s)', () => {
    expect(linkBytesPerSecond(parseLinkSpeeds('eth0:10G')!)).toEqual(new Map([['eth0', 1.25e9]]));
  });
});
