/**
 * NICs' link speeds as a view option (`link=eth0:10G,eth1:1G`: the URL, the routes' query, the CLI's
 * `--link`): read by the engine's one parser (link.ts parseLinks: `NAME:SPEED`, bits per second with a
 * 1000-based suffix, returned in bytes per second), held as a list sorted by interface, and written back as
 * short as it is exact. Pure.
 */
import { parseLinks } from './link.js';

export interface LinkSpeed {
  /** The interface as the log names it (`eth0`, `enp3s0`). */
  nic: string;
  /** Bits per second, > 0. */
  bitsPerSecond: number;
}

/** Most characters of a link list (far more than any host's interfaces need). */
export const MAX_LINK_TEXT = 4096;

/**
 * The link speeds of a comma-separated text (`eth0:10G,eth1:1G`), sorted by interface; [] for an empty text;
 * undefined when parseLinks refuses it (an item not understood, an interface given twice).
 */
export function parseLinkSpeeds(text: string): LinkSpeed[] | undefined {
  if (text.length > MAX_LINK_TEXT) return undefined;
  if (text.split(',').every((item) => item.trim() === '')) return [];
  const parsed = parseLinks(text);
  if (!parsed.ok) return undefined;
  return [...parsed.links]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([nic, bytesPerSecond]) => ({ nic, bitsPerSecond: Math.round(bytesPerSecond * 8) }));
}

/** The link speeds of a list's items (a URL's, each decoded); undefined when one is not understood. */
export function parseLinkItems(items: readonly string[]): LinkSpeed[] | undefined {
  return parseLinkSpeeds(items.join(','));
}

/** A speed as short as it is exact (three decimals at most): 1e10 → `10G`, 2.5e9 → `2.5G`, 1500 → `1.5k`, 999 → `999`. */
export function formatLinkBits(bits: number): string {
  for (const [suffix, k] of [['T', 1e12], ['G', 1e9], ['M', 1e6], ['k', 1e3]] as const) {
    const milli = (bits / k) * 1000;
    if (bits >= k && Math.abs(milli - Math.round(milli)) < 1e-6) return `${Math.round(milli) / 1000}${suffix}`;
  }
  return String(Math.round(bits));
}

/** One item's text, `eth0:10G`. */
export function formatLinkItem(link: LinkSpeed): string {
  return `${link.nic}:${formatLinkBits(link.bitsPerSecond)}`;
}

/** A list's text, `eth0:10G,eth1:1G` (an empty list is ''). */
export function formatLinkSpeeds(links: readonly LinkSpeed[]): string {
  return links.map(formatLinkItem).join(',');
}
