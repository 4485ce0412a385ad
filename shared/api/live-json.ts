/**
 * The live reports' HTTP API (server/routes/live.ts) as TypeBox schemas, shared by the server, the CLI's
 * `live` command and the report page's live view (web/src/live/).
 *   POST /api/live                 open: {fileName?, idleSeconds?} → 201 LiveOpened
 *   POST /api/live/:id/rows?offset=N[&reset=1]   the log's bytes from byte N (text/csv), with
 *                                  `Authorization: Bearer <appendToken>` → 200 LiveStatusJson
 *   POST /api/live/:id/finish      (same token) → 200 {id, url}: stored as an ordinary report
 *   GET  /api/live/:id?run=R&from=N  the state, and run R's rows from row N (1-based run; default the last)
 */
import { Type, type Static } from 'typebox';
import { MAX_LIVE_IDLE_SECONDS, MAX_FILE_NAME_CHARS } from '../limits.js';

export const LiveOpenBody = Type.Object({
  fileName: Type.Optional(Type.String({ maxLength: MAX_FILE_NAME_CHARS * 4 })),
  idleSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIVE_IDLE_SECONDS })),
});
export type LiveOpenBody = Static<typeof LiveOpenBody>;

export const LiveOpened = Type.Object({
  id: Type.String(),
  /** The report page, relative to the server. */
  url: Type.String(),
  /** Needed to append and to finish; shown to the writer only. */
  appendToken: Type.String(),
  /** Deletes the report once finished (DELETE /api/reports/:id), as an upload's. */
  deleteToken: Type.String(),
});
export type LiveOpened = Static<typeof LiveOpened>;

export const LiveAppendQuery = Type.Object({
  /** Byte of the log the body starts at. */
  offset: Type.Integer({ minimum: 0 }),
  /** 1: the writer's file started over (truncated or replaced): the log is emptied first (offset 0). */
  reset: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
});
export type LiveAppendQuery = Static<typeof LiveAppendQuery>;

export const LiveRowsQuery = Type.Object({
  run: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type LiveRowsQuery = Static<typeof LiveRowsQuery>;

export const LiveRowsJson = Type.Object({
  run: Type.Integer(),
  /** Rows of the run in all. */
  rows: Type.Integer(),
  from: Type.Integer(),
  /** Rows [from, rows): sample times (floating ms) and values by series id (null: a gap). */
  time: Type.Array(Type.Number()),
  series: Type.Record(Type.String(), Type.Array(Type.Union([Type.Number(), Type.Null()]))),
  lastLine: Type.Integer(),
});
export type LiveRowsJson = Static<typeof LiveRowsJson>;

export const LiveStatusJson = Type.Object({
  /** live: still growing; finished: stored as an ordinary report (read it as any report). */
  state: Type.Union([Type.Literal('live'), Type.Literal('finished')]),
  /** Bytes of the log the server has (a writer sends from here). */
  size: Type.Integer(),
  runs: Type.Integer(),
  rows: Type.Integer(),
  /** Time of the last sample, floating ms of the recording host; null before the first row. */
  lastSampleMs: Type.Union([Type.Number(), Type.Null()]),
  /** When rows last arrived, ISO 8601 ('' once finished). */
  lastAppendAt: Type.String(),
  /** The rows asked for with `run` / `from`. */
  rowsSince: Type.Optional(LiveRowsJson),
});
export type LiveStatusJson = Static<typeof LiveStatusJson>;

export const LiveFinished = Type.Object({ id: Type.String(), url: Type.String() });
export type LiveFinished = Static<typeof LiveFinished>;
