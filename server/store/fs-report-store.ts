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
 * directory, so an existing report is never touched. Paths are built only from ids that passed isReportId.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { ReportSummary } from '../../shared/api/schemas.js';
import { isReportId } from './report-id.js';
import {
  ReportIdTakenError,
  StoreInitError,
  type NewReport,
  type ReportStore,
  type StoredObject,
} from './report-store.js';

const SOURCE = 'source.csv';
const REPORT_JSON_GZ = 'report.json.gz';
const SUMMARY = 'summary.json';

/** Staging entries older than this are leftovers of a crash and removed at start. */
const STALE_STAGING_MS = 60 * 60 * 1000;

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
    await this.removeStaleStaging();
  }

  async create(report: NewReport): Promise<void> {
    if (!isReportId(report.id)) throw new Error('create: not a report id');
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
    return true;
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

  private async removeStaleStaging(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.stagingDir)) {
      const path = join(this.stagingDir, name);
      try {
        const st = await stat(path);
        if (now - st.mtimeMs > STALE_STAGING_MS) await rm(path, { recursive: true, force: true });
      } catch {
        // Gone meanwhile, or not ours to remove: leave it.
      }
    }
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
