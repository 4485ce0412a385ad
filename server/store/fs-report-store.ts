/**
 * The embedded report store: plain files under DATA_DIR, no service needed.
 *
 *   DATA_DIR/reports/<id>/source.csv        the upload, byte for byte (source of truth)
 *   DATA_DIR/reports/<id>/report.json.gz    ReportJson, precomputed at upload, served as is
 *   DATA_DIR/reports/<id>/summary.json      ReportSummary
 *   DATA_DIR/staging/                       uploads and reports being written; never read
 *
 * A report is written into a fresh directory under staging/, every file fsynced, the directory fsynced,
 * then renamed to reports/<id> (atomic on one file system) and reports/ fsynced: a crash leaves either no
 * report or a whole one, and leftovers only under staging/. rename(2) cannot replace a non-empty
 * directory, so an existing report is never touched. Deleting is the same in reverse: reports/<id> is
 * renamed into staging/ (gone for readers at once), then removed. Paths are built only from ids that
 * passed isReportId.
 */
import { constants } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  statfs,
  unlink,
} from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { ReportSummary } from '../../shared/api/schemas.js';
import { isReportId } from './report-id.js';
import { removeStaleStaging } from './staging.js';
import {
  ReportIdTakenError,
  StoreFullError,
  StoreInitError,
  StoreUnavailableError,
  type NewReport,
  type ReportStore,
  type StoredObject,
  type StoredReportInfo,
} from './report-store.js';

const SOURCE = 'source.csv';
const REPORT_JSON_GZ = 'report.json.gz';
const SUMMARY = 'summary.json';

export class FsReportStore implements ReportStore {
  readonly dataDir: string;
  readonly reportsDir: string;
  readonly stagingDir: string;

  constructor(dataDir: string) {
    this.dataDir = resolve(dataDir);
    this.reportsDir = join(this.dataDir, 'reports');
    this.stagingDir = join(this.dataDir, 'staging');
  }

  async init(): Promise<void> {
    try {
      await mkdir(this.reportsDir, { recursive: true });
      await mkdir(this.stagingDir, { recursive: true });
      // Fail now, with a clear message, rather than on the first upload.
      const probe = await mkdtemp(join(this.stagingDir, 'probe-'));
      await rm(probe, { recursive: true, force: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      throw new StoreInitError(`DATA_DIR ${this.dataDir} is not a writable directory (${code})`, { cause: err });
    }
    await removeStaleStaging(this.stagingDir);
  }

  async create(report: NewReport): Promise<number> {
    if (!isReportId(report.id)) throw new Error('create: not a report id');
    try {
      await this.writeReport(report);
    } catch (err) {
      throw storeError(err, this.dataDir);
    }
    return (await this.diskUse(report.id)) ?? 0;
  }

  /**
   * What a report takes on disk: the blocks allocated to its directory and its three files (stat's
   * blocks × 512), so a tiny report counts its 16 KiB, not its few hundred bytes; null when it is not there.
   */
  private async diskUse(id: string): Promise<number | null> {
    const dir = this.reportDir(id);
    try {
      const stats = await Promise.all([dir, ...[SOURCE, REPORT_JSON_GZ, SUMMARY].map((name) => join(dir, name))].map((p) => stat(p)));
      return stats.reduce((sum, st) => sum + st.blocks * 512, 0);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  private async writeReport(report: NewReport): Promise<void> {
    const tmp = await mkdtemp(join(this.stagingDir, 'report-'));
    try {
      await moveFile(report.sourcePath, join(tmp, SOURCE));
      await fsyncPath(join(tmp, SOURCE));
      await writeFileDurably(join(tmp, REPORT_JSON_GZ), report.reportJsonGz);
      await writeFileDurably(join(tmp, SUMMARY), JSON.stringify(report.summary));
      await fsyncDir(tmp);
      try {
        await rename(tmp, this.reportDir(report.id));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST') throw new ReportIdTakenError(report.id);
        throw err;
      }
    } catch (err) {
      await rm(tmp, { recursive: true, force: true });
      throw err;
    }
    await fsyncDir(this.reportsDir);
  }

  async has(id: string): Promise<boolean> {
    if (!isReportId(id)) return false;
    try {
      return (await stat(join(this.reportDir(id), SUMMARY))).isFile();
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async getSummary(id: string): Promise<ReportSummary | null> {
    if (!isReportId(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.reportDir(id), SUMMARY), 'utf8')) as ReportSummary;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  openReportJsonGz(id: string): Promise<StoredObject | null> {
    return this.openObject(id, REPORT_JSON_GZ);
  }

  openCsv(id: string): Promise<StoredObject | null> {
    return this.openObject(id, SOURCE);
  }

  async replaceDerived(id: string, reportJsonGz: Uint8Array, summary: ReportSummary): Promise<boolean> {
    if (!(await this.has(id))) return false;
    try {
      await this.writeDerived(id, reportJsonGz, summary);
    } catch (err) {
      throw storeError(err, this.dataDir);
    }
    return true;
  }

  private async writeDerived(id: string, reportJsonGz: Uint8Array, summary: ReportSummary): Promise<void> {
    const dir = this.reportDir(id);
    // Each file is written beside its final name, made durable, then renamed over it: a reader sees the old
    // or the new object, never part of one. The summary goes last, as in create().
    for (const [name, data] of [
      [REPORT_JSON_GZ, reportJsonGz],
      [SUMMARY, JSON.stringify(summary)],
    ] as const) {
      const tmp = join(dir, `.${name}.${randomUUID()}`);
      try {
        await writeFileDurably(tmp, data);
        await rename(tmp, join(dir, name));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    }
    await fsyncDir(dir);
  }

  async delete(id: string): Promise<boolean> {
    if (!isReportId(id)) return false;
    // One rename takes the whole directory out of reports/: readers (and list) stop seeing it at once, and a
    // crash before the removal below leaves it only under staging/, where leftovers are swept.
    const trash = join(this.stagingDir, `deleted-${id}-${randomUUID()}`);
    try {
      await rename(this.reportDir(id), trash);
    } catch (err) {
      if (isNotFound(err)) return false;
      throw storeError(err, this.dataDir);
    }
    await fsyncDir(this.reportsDir);
    await rm(trash, { recursive: true, force: true });
    return true;
  }

  async *list(): AsyncIterable<StoredReportInfo> {
    for (const id of await readdir(this.reportsDir)) {
      if (!isReportId(id)) continue;
      const dir = this.reportDir(id);
      try {
        const source = await stat(join(dir, SOURCE));
        const bytes = await this.diskUse(id);
        // Deleted meanwhile, or not a complete report: not listed.
        if (bytes !== null) yield { id, createdAtMs: source.mtimeMs, bytes };
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  }

  async checkWritable(): Promise<void> {
    try {
      // A real write, made durable, where uploads go: catches read-only mounts, permissions and a full disk.
      const probe = await mkdtemp(join(this.stagingDir, 'probe-'));
      try {
        await writeFileDurably(join(probe, 'probe'), 'ok');
      } finally {
        await rm(probe, { recursive: true, force: true });
      }
      const fs = await statfs(this.dataDir);
      if (fs.bavail === 0) throw Object.assign(new Error('no free blocks'), { code: 'ENOSPC' });
    } catch (err) {
      const mapped = storeError(err, this.dataDir);
      throw mapped instanceof StoreUnavailableError ? mapped : new StoreUnavailableError(mapped.message, { cause: err });
    }
  }

  async close(): Promise<void> {
    // Nothing held open between requests.
  }

  /** Only ever called with a validated id. */
  private reportDir(id: string): string {
    return join(this.reportsDir, id);
  }

  private async openObject(id: string, name: string): Promise<StoredObject | null> {
    // A directory without its summary is not a report (summary.json is written last, but be strict).
    if (!(await this.has(id))) return null;
    let fh;
    try {
      fh = await open(join(this.reportDir(id), name), constants.O_RDONLY);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    try {
      const st = await fh.stat();
      if (!st.isFile()) {
        await fh.close();
        return null;
      }
      return { stream: fh.createReadStream({ autoClose: true }), size: st.size, mtimeMs: st.mtimeMs };
    } catch (err) {
      await fh.close();
      throw err;
    }
  }
}

/**
 * The store's own errors for what the file system says about the storage (not about one request): a full
 * disk is StoreFullError, a read-only or unwritable one StoreUnavailableError; anything else is kept.
 */
function storeError(err: unknown, dataDir: string): Error {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new StoreFullError(`no space left to store the report in DATA_DIR ${dataDir} (${code})`, { cause: err });
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return new StoreUnavailableError(`DATA_DIR ${dataDir} cannot be written (${code})`, { cause: err });
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}

function isNotFound(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to, constants.COPYFILE_EXCL);
    await unlink(from);
  }
}

async function writeFileDurably(path: string, data: Uint8Array | string): Promise<void> {
  const fh = await open(path, 'wx', 0o644);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

async function fsyncPath(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** fsync a directory so that entries created or renamed in it survive a crash (POSIX; a no-op elsewhere). */
async function fsyncDir(path: string): Promise<void> {
  try {
    await fsyncPath(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw err;
  }
}
