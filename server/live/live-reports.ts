/**
 * `fastify.live`: the live reports of this server — logs that grow while their writer (`dstatview live`)
 * follows them. A live report has an id like any report and is listed nowhere; it takes rows from the
 * holder of its append token only, each batch at the byte offset it starts at (what the server has already
 * is dropped, so a writer that sends a batch again after a lost answer doubles nothing), on disk before the
 * answer (live-files.ts). New complete lines are read as they come (shared/live/live-log.ts: only the new
 * rows are parsed); rows that do not fit the header are refused with 422 and their line, and not stored.
 * When its writer finishes it — or after its idle time without an append, its writer gone — the log is read
 * whole by the parser threads exactly as an upload of the same bytes, stored as an ordinary report under the
 * same id, and its live files go.
 *
 * Limits: MAX_LIVE_BYTES per log (413), MAX_LIVE_REPORTS open at once (503) and MAX_LIVE_PER_CLIENT per
 * address (429); a live log's bytes are held against MAX_STORAGE_BYTES as they arrive (507).
 */
import { copyFile, rm } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { ReportJson } from '../../shared/api/schemas.js';
import { DstatFormatError } from '../../shared/dstat/errors.js';
import { LIVE_IDLE_GRACE_SECONDS, maxDecompressedBytes } from '../../shared/limits.js';
import { LiveLog, type LiveRows } from '../../shared/live/live-log.js';
import { toColumnar } from '../../shared/report/columnar.js';
import { COLUMNAR_MEDIA_TYPE, encodeColumnar } from '../../shared/report/columnar-codec.js';
import type { OpsLimits } from '../config.js';
import {
  formatBytes,
  LiveFinishedError,
  LiveOffsetMismatchError,
  LiveReportsBusyError,
  LiveTooLargeError,
  TooManyLiveReportsError,
  uploadFailureError,
} from '../errors.js';
import { blocksFor, reportDataFootprint, reportFootprint, type StorageReservation } from '../plugins/storage-usage.js';
import { isReportId, newReportId } from '../store/report-id.js';
import { deleteTokenMatches, newDeleteToken } from '../upload/delete-token.js';
import { LiveFiles, type LiveMeta } from './live-files.js';
import { S3LiveMirror } from './live-mirror.js';
import type { StoreSettings } from '../store/create-store.js';
import { S3ReportStore } from '../store/s3-report-store.js';

export { COLUMNAR_MEDIA_TYPE };

export interface LiveStatus {
  state: 'live';
  /** Bytes of the log the server has. */
  size: number;
  runs: number;
  /** Rows read in all runs. */
  rows: number;
  /** Time of the last sample (floating ms of the recording host), null before the first row. */
  lastSampleMs: number | null;
  /** When the last rows arrived, ISO 8601. */
  lastAppendAt: string;
}

export interface LiveReports {
  open(input: { fileName: string; idleSeconds: number; client: string }): Promise<{ id: string; appendToken: string; deleteToken: string }>;
  /** Append `bytes` at byte `offset` (reset: the writer's file started over, the log is emptied first). */
  append(id: string, offset: number, bytes: Buffer, reset?: boolean): Promise<LiveStatus>;
  /** Finish: store it as a report; resolves when stored. */
  finish(id: string): Promise<void>;
  /** True when `token` is the append token of live report `id`. */
  authorised(id: string, token: string | null): boolean;
  has(id: string): boolean;
  status(id: string): LiveStatus | null;
  rowsSince(id: string, run: number, from: number): LiveRows | null;
  /** The report so far (as GET /api/reports/:id answers), null when not live or before its first row. */
  snapshot(id: string): ReportJson | null;
  /** The report so far in the page's column encoding, gzipped, with a validator. */
  snapshotLod(id: string): { gz: Uint8Array; etag: string } | null;
  /**
   * Read again what another replica wrote of live report `id` (STORE=s3), at most once a second; a no-op
   * for this replica's own and without a bucket. Then has/status/rows/snapshot answer for it too.
   */
  refresh(id: string): Promise<void>;
  /** Live reports open now. */
  readonly count: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveReports;
  }
}

/** A live log as read here: this replica's own (Live) or one another replica writes (STORE=s3). */
interface Followed {
  fileName: string;
  openedAt: string;
  size: number;
  /** Bytes after the last newline (a line still being written), not yet read. */
  tail: Buffer;
  log: LiveLog;
  lastAppendMs: number;
  lod: { size: number; gz: Uint8Array; etag: string } | null;
}

/** A log not read yet: nothing had, its last append now. */
function unread(fileName: string, openedAt: string): Followed {
  return { fileName, openedAt, size: 0, tail: Buffer.alloc(0), log: new LiveLog(), lastAppendMs: Date.now(), lod: null };
}

/** One another replica writes: read from the bucket (live-mirror.ts). */
interface Follower extends Followed {
  epoch: number;
  checkedMs: number;
}

interface Live extends Followed {
  meta: LiveMeta;
  /** Starts over at each reset (the bucket's parts are per epoch). */
  epoch: number;
  room: StorageReservation | null;
  /** Appends and the finish of one report, one after the other. */
  queue: Promise<unknown>;
  finishing: Promise<void> | null;
}

export interface LiveReportsOptions extends Pick<OpsLimits, 'maxLiveBytes' | 'maxLiveReports' | 'maxLivePerClient'> {
  dataDir: string;
  /** The upload limit: a live log is also kept within what a parser thread reads (maxDecompressedBytes). */
  maxUploadBytes: number;
  /** With STORE=s3 (several replicas) live logs are mirrored in the bucket (live-mirror.ts). */
  storeSettings?: StoreSettings;
}

/** A replica reads another's live log from the bucket at most this often, ms. */
const FOLLOW_EVERY_MS = 1000;

export default fp<LiveReportsOptions>(
  async function liveReports(fastify, opts) {
    const files = new LiveFiles(join(opts.dataDir, 'live'));
    // Finishing reads the whole log in a parser thread, sized for maxDecompressedBytes.
    const maxLiveBytes = Math.min(opts.maxLiveBytes, maxDecompressedBytes(opts.maxUploadBytes));
    await files.init();
    const reports = new Map<string, Live>();

    function serial<T>(live: Live, work: () => Promise<T>): Promise<T> {
      const next = live.queue.then(work, work);
      live.queue = next.catch(() => undefined);
      return next;
    }

    const followers = new Map<string, Follower>();
    const mirror = opts.storeSettings?.kind === 's3' && fastify.store instanceof S3ReportStore
      ? new S3LiveMirror(fastify.store.client, opts.storeSettings.bucket, opts.storeSettings.prefix)
      : null;
    /** Reads of the bucket in progress, by report: viewers asking at once share one. */
    const following = new Map<string, Promise<void>>();

    function find(id: string): Followed | null {
      return reports.get(id) ?? followers.get(id) ?? null;
    }

    async function follow(id: string): Promise<void> {
      if (!mirror || reports.has(id) || !isReportId(id)) return;
      let f = followers.get(id);
      if (f && Date.now() - f.checkedMs < FOLLOW_EVERY_MS) return;
      const meta = await mirror.getMeta(id);
      if (!meta) {
        followers.delete(id);
        return;
      }
      if (!f || f.epoch !== meta.epoch) {
        f = { ...unread(meta.fileName, meta.openedAt), epoch: meta.epoch, checkedMs: 0 };
        followers.set(id, f);
      }
      f.checkedMs = Date.now();
      for (const part of await mirror.partsFrom(id, f.epoch, f.size)) {
        if (part.offset !== f.size) break;
        try {
          const { commit, tail } = readLines(f, part.bytes);
          commit();
          f.tail = tail;
        } catch {
          // the writer's replica took these bytes: whatever this one makes of them, they are the log's
        }
        f.size += part.bytes.length;
        f.lastAppendMs = Date.now();
      }
    }

    function status(live: Followed): LiveStatus {
      return {
        state: 'live',
        size: live.size,
        runs: live.log.runs,
        rows: live.log.rowsRead,
        lastSampleMs: live.log.lastSampleMs,
        lastAppendAt: new Date(live.lastAppendMs).toISOString(),
      };
    }

    /** Read complete lines of `bytes` (after the held tail): what to commit, or a 422 for rows that do not fit. */
    function readLines(live: Followed, bytes: Buffer): { commit: () => void; tail: Buffer } {
      const all = live.tail.length > 0 ? Buffer.concat([live.tail, bytes]) : bytes;
      const end = all.lastIndexOf(0x0a) + 1;
      const complete = all.subarray(0, end);
      if (!isUtf8(complete)) {
        throw uploadFailureError({ code: 'BINARY_FILE', line: 0, column: 0, message: 'these rows are not UTF-8 text' });
      }
      try {
        return { commit: live.log.prepare(complete.toString('utf8')), tail: Buffer.from(all.subarray(end)) };
      } catch (err) {
        if (err instanceof DstatFormatError) {
          throw uploadFailureError({ code: err.code, line: err.line, column: err.column, message: err.message });
        }
        throw err;
      }
    }

    async function finishNow(id: string, live: Live): Promise<void> {
      const staged = join(fastify.store.stagingDir, `live-${randomUUID()}`);
      try {
        await copyFile(files.logPath(id), staged);
        const fields = { id, fileName: live.meta.fileName, createdAt: new Date().toISOString(), bytes: live.size };
        const outcome = await fastify.parser.parse({ path: staged, fields });
        if (!outcome.ok) {
          // Not a report (no row ever came): nothing to keep.
          reports.delete(id);
          live.room?.release();
          await files.remove(id);
          throw uploadFailureError(outcome.error);
        }
        live.room?.grow(reportDataFootprint(outcome.reportJsonGz.byteLength));
        const summary = { ...outcome.summary, deleteTokenSha256: live.meta.deleteTokenSha256 };
        const bytes = await fastify.store.create({ id, sourcePath: staged, reportJsonGz: outcome.reportJsonGz, summary });
        if (live.room) live.room.stored(id, bytes);
        else fastify.storageUsage.added(id, bytes);
        if (outcome.lodGz) fastify.reportLod.put(id, outcome.lodGz);
        reports.delete(id);
        live.room?.release();
        await files.remove(id);
        await mirror?.remove(id).catch((err: unknown) => fastify.log.warn({ reportId: id, err }, "a live report's objects in the bucket could not be removed"));
        fastify.firstScreen.warm(id);
        fastify.log.info({ reportId: id, bytes: live.size }, 'live report finished');
      } finally {
        await rm(staged, { force: true });
      }
    }

    function finish(id: string): Promise<void> {
      const live = reports.get(id);
      if (!live) return Promise.reject(new LiveFinishedError());
      live.finishing ??= serial(live, () => finishNow(id, live)).catch((err: unknown) => {
        // Not finished (the parser threads busy, the store unreachable): it takes rows again and is
        // finished by the next request or sweep.
        if (reports.has(id)) live.finishing = null;
        throw err;
      });
      return live.finishing;
    }

    // After a restart: every live report on disk is followed again, read up to where it was.
    for (const entry of await files.list()) {
      const { id } = entry.meta;
      if (await fastify.store.has(id)) {
        await files.remove(id);
        continue;
      }
      const live: Live = {
        // Its idle time counts from the restart (unread's): a writer retrying while the server was down could not append.
        ...unread(entry.meta.fileName, entry.meta.openedAt),
        meta: entry.meta,
        epoch: (await mirror?.getMeta(id).catch(() => null))?.epoch ?? 0,
        size: entry.size,
        room: null,
        queue: Promise.resolve(),
        finishing: null,
      };
      try {
        live.room = fastify.storageUsage.reserve(reportFootprint(entry.size));
      } catch {
        // over the limit already: its bytes are on disk anyway, and it only grows by its writer's appends
      }
      try {
        const { commit, tail } = readLines(live, await files.read(id, 0, entry.size));
        commit();
        live.tail = tail;
      } catch (err) {
        fastify.log.warn({ reportId: id, err }, 'a live log on disk could not be read again');
      }
      reports.set(id, live);
    }

    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [id, live] of reports) {
        if (live.finishing) continue;
        const { idleSeconds } = live.meta;
        if (now - live.lastAppendMs > (idleSeconds + Math.min(idleSeconds, LIVE_IDLE_GRACE_SECONDS)) * 1000) {
          finish(id).catch((err: unknown) => fastify.log.warn({ reportId: id, err }, 'an idle live report could not be finished'));
        }
      }
    }, 1000);
    sweep.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(sweep);
      await Promise.all([...reports.values()].map((l) => l.queue));
    });

    fastify.decorate('live', {
      async open({ fileName, idleSeconds, client }) {
        if (reports.size >= opts.maxLiveReports) throw new LiveReportsBusyError(opts.maxLiveReports);
        let mine = 0;
        for (const l of reports.values()) if (l.meta.client === client) mine++;
        if (mine >= opts.maxLivePerClient) throw new TooManyLiveReportsError(mine);
        const room = fastify.storageUsage.reserve(reportFootprint(0));
        try {
          const id = newReportId();
          const append = newDeleteToken();
          const del = newDeleteToken();
          const meta: LiveMeta = {
            id,
            fileName,
            appendTokenSha256: append.sha256,
            deleteTokenSha256: del.sha256,
            openedAt: new Date().toISOString(),
            idleSeconds,
            client,
          };
          await files.create(meta);
          await mirror?.putMeta({ id, fileName, openedAt: meta.openedAt, epoch: 0 });
          reports.set(id, { ...unread(fileName, meta.openedAt), meta, epoch: 0, room, queue: Promise.resolve(), finishing: null });
          return { id, appendToken: append.token, deleteToken: del.token };
        } catch (err) {
          room.release();
          throw err;
        }
      },

      append(id, offset, bytes, reset = false) {
        const live = reports.get(id);
        if (!live || live.finishing) return Promise.reject(new LiveFinishedError());
        return serial(live, async () => {
          if (live.finishing) throw new LiveFinishedError();
          if (reset) {
            if (offset !== 0) throw new LiveOffsetMismatchError(offset, 0);
            live.epoch++;
            await mirror?.putMeta({ id, fileName: live.fileName, openedAt: live.openedAt, epoch: live.epoch });
            await files.reset(id);
            live.size = 0;
            live.tail = Buffer.alloc(0);
            live.log = new LiveLog();
            live.lod = null;
          }
          if (offset > live.size) throw new LiveOffsetMismatchError(offset, live.size);
          // What the server has already is dropped: a batch sent again doubles nothing.
          const fresh = bytes.subarray(Math.min(bytes.length, live.size - offset));
          if (fresh.length === 0) return status(live);
          const size = live.size + fresh.length;
          if (size > maxLiveBytes) throw new LiveTooLargeError(formatBytes(maxLiveBytes));
          const { commit, tail } = readLines(live, fresh);
          live.room?.grow(blocksFor(size) - blocksFor(live.size));
          // In the bucket first (other replicas' viewers), then on this disk: both before the answer.
          await mirror?.putPart(id, live.epoch, live.size, fresh);
          await files.append(id, fresh);
          commit();
          live.tail = tail;
          live.size = size;
          live.lastAppendMs = Date.now();
          return status(live);
        });
      },

      finish,

      authorised(id, token) {
        const live = reports.get(id);
        // An append token is made and kept as a delete token is (its SHA-256 only), and checked alike.
        return Boolean(live && token && deleteTokenMatches(token, live.meta.appendTokenSha256));
      },

      has: (id) => find(id) !== null,

      status(id) {
        const live = find(id);
        return live ? status(live) : null;
      },

      rowsSince(id, run, from) {
        return find(id)?.log.rowsSince(run, from) ?? null;
      },

      snapshot(id) {
        const live = find(id);
        const report = live?.log.report();
        if (!live || !report) return null;
        return { ...report, id, fileName: live.fileName, createdAt: live.openedAt, bytes: live.size };
      },

      snapshotLod(id) {
        const live = find(id);
        if (!live) return null;
        if (live.lod?.size === live.size) return live.lod;
        const report = this.snapshot(id);
        if (!report) return null;
        const gz = new Uint8Array(gzipSync(encodeColumnar(toColumnar(report)), { level: 1 }));
        live.lod = { size: live.size, gz, etag: `W/"${id}-live-${live.size.toString(36)}"` };
        return live.lod;
      },

      refresh(id) {
        let work = following.get(id);
        if (!work) {
          work = follow(id)
            .catch((err: unknown) => fastify.log.warn({ reportId: id, err }, 'a live report in the bucket could not be read'))
            .finally(() => following.delete(id));
          following.set(id, work);
        }
        return work;
      },

      get count() {
        return reports.size;
      },
    } satisfies LiveReports);
  },
  { name: 'live-reports', fastify: '5.x', dependencies: ['store', 'storage-usage', 'parser-pool', 'report-lod', 'first-screen'] },
);
