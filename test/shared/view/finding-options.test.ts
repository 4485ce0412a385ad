/**
 * The view options `finding` and `link` (shared/view/view-options.ts) in a URL, a route's query and the CLI's
 * flags: one declaration, every reader alike.
 */
import { describe, expect, it } from 'vitest';
import { parseViewState, serialiseViewState } from '../../../shared/view/view-state.js';
import { DEFAULT_VIEW, viewFromTexts, wholeView } from '../../../shared/view/view-options.js';
import { viewFromFlags } from '../../../server/cli/view-flags.js';

describe('finding=', () => {
  it('round-trips a rule id and rule:N through the URL, written after the other options', () => {
    const v = wholeView({ finding: 'cpu-single-hot:2', from: 10, to: 40 });
    expect(serialiseViewState(v)).toBe('?from=10&to=40&finding=cpu-single-hot:2');
    expect(parseViewState('?finding=cpu-single-hot:2').finding).toBe('cpu-single-hot:2');
    expect(parseViewState('?finding=cpu-saturated:1').finding).toBe('cpu-saturated');
  });

  it('is no finding when malformed (a shared link still opens)', () => {
    for (const bad of ['', 'CPU', '%3Cscript%3E', 'cpu-busy:0']) expect(parseViewState(`?finding=${bad}`).finding, bad).toBeNull();
  });

  it("is a 400-worthy value for a route and a usage error for the CLI when malformed", () => {
    expect(viewFromTexts({ finding: 'x y' })).toEqual({ bad: 'finding', text: 'x y' });
    expect(() => viewFromFlags({ finding: 'x y' })).toThrow(/--finding takes a finding/);
    expect(viewFromFlags({ finding: 'swapping' })).toEqual({ finding: 'swapping' });
  });
});

describe('link=', () => {
  it('round-trips link speeds through the URL, sorted by interface, speeds as short as exact', () => {
    const v = parseViewState('?link=eth1:1000M,eth0:10G');
    expect(v.link).toEqual([
      { nic: 'eth0', bitsPerSecond: 10e9 },
      { nic: 'eth1', bitsPerSecond: 1e9 },
    ]);
    expect(serialiseViewState(v)).toBe('?link=eth0:10G,eth1:1G');
  });

  it('is none in a URL with an item it cannot read, and refused by a route or the CLI', () => {
    expect(parseViewState('?link=eth0:fast').link).toEqual(DEFAULT_VIEW.link);
    expect(viewFromTexts({ link: 'eth0' })).toEqual({ bad: 'link', text: 'eth0' });
    expect(() => viewFromFlags({ link: 'eth0:' })).toThrow(/--link takes NIC:SPEED items/);
    expect(viewFromFlags({ link: 'eth0:10G' })).toEqual({ link: [{ nic: 'eth0', bitsPerSecond: 10e9 }] });
  });
});
