/**
 * Which program wrote the file, and what that means for its units. See test/fixtures/FORMATS.md:
 * - `Dstat 0.x` is Dag Wieers' dstat; `Dstat 1.x` (dool 0.9–1.1) and `dool 1.x` are dool;
 * - `pcp-dstat x CSV Output` is pcp-dstat: memory, swap and disk in KiB, paging in pages;
 * - dool ≥ 1.3.0 writes disk and network in bits/s unless `--bytes` was given.
 */
import type { Producer } from './types.js';
import { hasOption, type Cmdline } from './cmdline.js';

const TITLE = /^\s*(pcp-dstat|dstat|dool)\s+(\S+)\s+CSV output\s*$/i;

export function parseTitle(text: string): { producer: Producer; version: string } | null {
  const m = TITLE.exec(text);
  if (!m) return null;
  const name = m[1]!.toLowerCase();
  const version = m[2]!;
  if (name === 'pcp-dstat') return { producer: 'pcp-dstat', version };
  if (name === 'dool') return { producer: 'dool', version };
  return { producer: versionAtLeast(version, 1, 0) ? 'dool' : 'dstat', version };
}

export function versionAtLeast(version: string, major: number, minor: number): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version);
  if (!m) return false;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return a > major || (a === major && b >= minor);
}

/**
 * The producer of a run without a title line (appended runs, or a preamble cut off): from what is left —
 * the Author: and Cmdline: lines, else names only one producer writes: pcp-dstat's `total usage` group
 * and `buf` memory column (dstat and dool write `buff`), dool's `avai` memory column (1.1 and later).
 */
export function guessProducer(author: string, cmd: Cmdline, groups: readonly string[], columns: readonly string[] = []): Producer {
  if (/pcp/i.test(author) || /pcp/.test(cmd.program) || groups.includes('total usage')) return 'pcp-dstat';
  if (/scott baker|dool/i.test(author) || /dool/.test(cmd.program)) return 'dool';
  if (/dag wieers/i.test(author) || /dstat/.test(cmd.program)) return 'dstat';
  if (columns.includes('buf')) return 'pcp-dstat';
  if (columns.includes('avai')) return 'dool';
  return 'unknown';
}

/** A factor that turns a producer's raw values into classic dstat units, and why. */
export interface Conversion {
  /** Which normalised groups it applies to. */
  groups: RegExp;
  /** Which columns of those groups (default: all). */
  columns?: RegExp;
  factor: number;
  reason: string;
}

/** Assumed page size for pcp-dstat's paging columns (pages/s); 4 KiB on every common Linux platform. */
const PAGE_BYTES = 4096;

export function conversionsFor(producer: Producer, version: string, cmd: Cmdline): Conversion[] {
  if (producer === 'pcp-dstat') {
    return [
      { groups: /^memory usage$|^swap$/, factor: 1024, reason: 'memory and swap were KiB (pcp-dstat): ×1024 to bytes' },
      { groups: /^dsk\//, factor: 1024, reason: 'dsk/* were KiB/s (pcp-dstat): ×1024 to bytes/s' },
      {
        groups: /^paging$/,
        factor: PAGE_BYTES,
        reason: `paging was pages/s (pcp-dstat): ×${PAGE_BYTES} to bytes/s, assuming 4 KiB pages`,
      },
    ];
  }
  if (producer === 'dool' && versionAtLeast(version, 1, 3) && !hasOption(cmd, '--bytes')) {
    return [
      {
        groups: /^(dsk|net)\//,
        columns: /^[^#]/,
        factor: 1 / 8,
        reason: `dsk/* and net/* were bits/s (dool ${version} without --bytes): ÷8 to bytes/s`,
      },
    ];
  }
  return [];
}
