/**
 * NICs' link speeds as people write them: `eth0:10G,eth1:1G` (the view option `link`, the CLI's `--link`,
 * `GET /api/reports/:id/findings?link=…`). They let the `net-near-link` rule run: a log says how many bytes
 * an interface moved, never how fast its link is. Pure.
 *
 * An item is `NAME:SPEED`, split at its last colon (an alias such as `eth0:1` keeps its colon). SPEED is a
 * decimal number of bits per second with an optional 1000-based suffix — k, M, G, T — and an optional `b`,
 * `bit`, `bps` or `bit/s` after it, any case: `10G`, `2.5Gb`, `100Mbit/s`, `1000000000`. Link speeds are
 * bits per second in powers of 1000 (a "10G" link moves 1.25 GB/s at most).
 */

export interface LinkSpeed {
  /** The interface as the log names it (`eth0`, `enp3s0`). */
  nic: string;
  /** Bits per second, > 0. */
  bitsPerSecond: number;
}

/** Most characters of a link list (far more than any host's interfaces need). */
export const MAX_LINK_TEXT = 4096;
/** Most characters of an interface name. */
export const MAX_NIC_NAME = 64;
/** Fastest link taken: 10 Tbit/s. */
export const MAX_LINK_BITS = 1e13;

const SUFFIX: Readonly<Record<string, number>> = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 };

/** Bits per second of a speed text (`10G`, `100Mbit/s`); undefined when not understood or out of range. */
export function parseLinkBits(text: string): number | undefined {
  const m = /^(\d+(?:\.\d*)?|\.\d+)\s*([kmgt]?)(?:b|bit|bits|bps|bit\/s|b\/s)?$/i.exec(text.trim());
  if (!m) return undefined;
  const bits = Number(m[1]) * SUFFIX[m[2]!.toLowerCase()]!;
  return bits > 0 && bits <= MAX_LINK_BITS ? Math.round(bits) : undefined;
}

/** One item `NAME:SPEED`; undefined when either part is missing or not understood. */
export function parseLinkItem(item: string): LinkSpeed | undefined {
  const t = item.trim();
  const at = t.lastIndexOf(':');
  if (at <= 0) return undefined;
  const nic = t.slice(0, at).trim();
  const bitsPerSecond = parseLinkBits(t.slice(at + 1));
  if (nic === '' || nic.length > MAX_NIC_NAME || bitsPerSecond === undefined) return undefined;
  return { nic, bitsPerSecond };
}

/**
 * The link speeds of a list's items (empty items skipped), sorted by interface, one per interface (the last
 * given wins); undefined when an item is not understood.
 */
export function parseLinkItems(items: readonly string[]): LinkSpeed[] | undefined {
  const byNic = new Map<string, number>();
  for (const item of items) {
    if (item.trim() === '') continue;
    const link = parseLinkItem(item);
    if (!link) return undefined;
    byNic.set(link.nic, link.bitsPerSecond);
  }
  return [...byNic].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([nic, bitsPerSecond]) => ({ nic, bitsPerSecond }));
}

/** The link speeds of a comma-separated text (`eth0:10G,eth1:1G`); undefined when an item is not understood. */
export function parseLinkSpeeds(text: string): LinkSpeed[] | undefined {
  if (text.length > MAX_LINK_TEXT) return undefined;
  return parseLinkItems(text.split(','));
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

/** A link speed by interface name, for the rule that reads them. */
export function linkSpeedOf(links: readonly LinkSpeed[], nic: string): number | undefined {
  return links.find((l) => l.nic === nic)?.bitsPerSecond;
}

/** Link speeds in bytes per second by interface (what the `net-near-link` rule compares a NIC's bytes/s to). */
export function linkBytesPerSecond(links: readonly LinkSpeed[]): Map<string, number> {
  return new Map(links.map((l) => [l.nic, l.bitsPerSecond / 8]));
}
