/**
 * Link speeds a user gives for `net-near-link`: `eth0:10G,eth1:1G` — an interface name, a colon, a speed
 * in bits per second with an optional decimal suffix (k, M, G, T; `b`, `bit`, `bps` or `bit/s` may follow).
 * Returned in bytes per second (what dstat's net columns hold).
 */

export type LinkParse = { ok: true; links: Map<string, number> } | { ok: false; message: string };

const SUFFIX: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 };
const NIC = /^[A-Za-z0-9_.:@-]{1,64}$/;

export function parseLinks(text: string): LinkParse {
  const links = new Map<string, number>();
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: 'link: give INTERFACE:SPEED, e.g. eth0:10G' };
  for (const part of parts) {
    const at = part.lastIndexOf(':');
    if (at <= 0) return { ok: false, message: `link "${part}": expected INTERFACE:SPEED, e.g. eth0:10G` };
    const nic = part.slice(0, at);
    const speed = part.slice(at + 1);
    if (!NIC.test(nic)) return { ok: false, message: `link "${part}": "${nic}" is not an interface name` };
    const m = /^(\d+(?:\.\d+)?)\s*([kKmMgGtT]?)(?:b|bit|bps|bit\/s)?$/.exec(speed);
    const bits = m ? Number(m[1]) * SUFFIX[m[2]!.toLowerCase()]! : NaN;
    if (!(bits > 0 && Number.isFinite(bits))) {
      return { ok: false, message: `link "${part}": "${speed}" is not a speed in bits/s (e.g. 10G, 1G, 100M)` };
    }
    if (links.has(nic)) return { ok: false, message: `link: ${nic} is given twice` };
    links.set(nic, bits / 8);
  }
  return { ok: true, links };
}
