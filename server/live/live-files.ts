/**
 * Where a live report's log is kept while it grows: a directory `<dir>/<id>/` with `log.csv` (the bytes
 * received, in order, exactly as the writer's file holds them) and `meta.json` (who may append, and the
 * settings it was opened with). Every acknowledged append is on disk first (written and fdatasync'd before
 * the function resolves), so a restart of the server loses no acknowledged byte.
 */
import { mkdir, open, readdir, readFile, rename, rm, stat, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { isReportId } from '../store/report-id.js';

export interface LiveMeta {
  id: string;
  fileName: string;
  /** SHA-256 (hex) of the append token and of the delete token. */
  appendTokenSha256: string;
  deleteTokenSha256: string;
  /** ISO 8601 instant it was opened. */
  openedAt: string;
  /** Seconds without an append after which the server finalises it. */
  idleSeconds: number;
  /** The address that opened it (the cap of live reports per client). */
  client: string;
}

export interface LiveEntry {
  meta: LiveMeta;
  /** Bytes of log.csv. */
  size: number;
}

export class LiveFiles {
  constructor(readonly dir: string) {}

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  logPath(id: string): string {
    return join(this.dir, id, 'log.csv');
  }

  /** A new live report, empty; its directory appears whole (made under a temporary name, then renamed). */
  async create(meta: LiveMeta): Promise<void> {
    const tmp = join(this.dir, `.new-${meta.id}`);
    await mkdir(tmp, { mode: 0o700 });
    await writeDurably(join(tmp, 'meta.json'), JSON.stringify(meta));
    await writeDurably(join(tmp, 'log.csv'), '');
    await rename(tmp, join(this.dir, meta.id));
    await syncDir(this.dir);
  }

  /** Append `bytes` at the end of the log, on disk before it resolves. */
  async append(id: string, bytes: Uint8Array): Promise<void> {
    const fh = await open(this.logPath(id), 'a');
    try {
      await fh.write(bytes);
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }

  /** Cut the log back to empty (its writer started the file over), on disk before it resolves. */
  async reset(id: string): Promise<void> {
    await truncate(this.logPath(id), 0);
    const fh = await open(this.logPath(id), 'r+');
    try {
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }

  /** Bytes [from, to) of the log. */
  async read(id: string, from: number, to: number): Promise<Buffer> {
    const fh = await open(this.logPath(id), 'r');
    try {
      const out = Buffer.alloc(Math.max(0, to - from));
      let at = 0;
      while (at < out.length) {
        const { bytesRead } = await fh.read(out, at, out.length - at, from + at);
        if (bytesRead === 0) break;
        at += bytesRead;
      }
      return out.subarray(0, at);
    } finally {
      await fh.close();
    }
  }

  async remove(id: string): Promise<void> {
    await rm(join(this.dir, id), { recursive: true, force: true });
  }

  /** Every live report on disk (after a restart); leftovers of an unfinished create are removed. */
  async list(): Promise<LiveEntry[]> {
    const out: LiveEntry[] = [];
    for (const name of await readdir(this.dir)) {
      if (name.startsWith('.new-')) {
        await rm(join(this.dir, name), { recursive: true, force: true });
        continue;
      }
      if (!isReportId(name)) continue;
      try {
        const meta = JSON.parse(await readFile(join(this.dir, name, 'meta.json'), 'utf8')) as LiveMeta;
        const info = await stat(this.logPath(name));
        out.push({ meta, size: info.size });
      } catch {
        // a directory without its files is not a live report
      }
    }
    return out;
  }
}

async function writeDurably(path: string, text: string): Promise<void> {
  let fh: FileHandle | null = null;
  try {
    fh = await open(path, 'wx', 0o600);
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh?.close();
  }
}

async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch {
    // not every file system syncs a directory
  } finally {
    await fh.close();
  }
}
