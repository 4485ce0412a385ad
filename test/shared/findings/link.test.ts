/** Link speeds as users write them (`eth0:10G,eth1:1G`) → bytes/s per interface; anything else says what is wrong. */
import { describe, expect, it } from 'vitest';
import { parseLinks } from '../../../shared/findings/link.js';

describe('parseLinks', () => {
  it('reads bits/s with decimal suffixes, as bytes/s', () => {
    const r = parseLinks('eth0:10G, eth1:1G,bond0.5:2.5Gbit,wlan0:100M,lo:1000');
    expect(r).toEqual({ ok: true, links: new Map([['eth0', 1.25e9], ['eth1', 1.25e8], ['bond0.5', 3.125e8], ['wlan0', 1.25e7], ['lo', 125]]) });
  });
  it.each([
    ['', 'give INTERFACE:SPEED'],
    ['eth0', 'expected INTERFACE:SPEED'],
    ['eth0:fast', '"fast" is not a speed'],
    ['eth0:0', '"0" is not a speed'],
    ['eth0:1G,eth0:2G', 'eth0 is given twice'],
    ['<b>:1G', 'is not an interface name'],
  ])('%j is refused: %s', (text, message) => {
    const r = parseLinks(text);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toContain(message);
  });
});
