/**
 * GET /api/compare?ids=ID1,ID2[,…] — runs of stored reports side by side: each run's statistics per series
 * and its change against the baseline (CompareJson; query in shared/api/schemas.ts CompareQuery).
 *   400  malformed ids, shift, window or baseline (the message names which; the options: shared/view/compare-options.ts)
 *   404  an id (or `ID:N` run) that is not stored (the message names it)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toCompareJson, type CompareRequest, type NamedRun } from '../../shared/api/compare-json.js';
import { parseRunRefs, type RunRef } from '../../shared/api/compare-ref.js';
import { ApiError, CompareJson, CompareQuery } from '../../shared/api/schemas.js';
import { COMPARE_OPTIONS, compareOptionsFromTexts, shiftItem } from '../../shared/view/compare-options.js';
import { BadRequestError, CompareRunNotFoundError } from '../errors.js';
import type { StoredRuns } from '../plugins/run-columns.js';

const compare: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/api/compare',
    { schema: { querystring: CompareQuery, response: { 200: CompareJson, 400: ApiError, 404: ApiError } } },
    async (request) => {
      const q = request.query;
      const parsed = parseRunRefs(q.ids);
      if (!parsed.ok) throw new BadRequestError(parsed.message);
      const request_ = compareRequest(q, parsed.refs.length);
      // One load per distinct report: `ID:1,ID:2` parses the file once.
      const loads = new Map<string, Promise<StoredRuns | null>>();
      for (const ref of parsed.refs) if (!loads.has(ref.id)) loads.set(ref.id, fastify.runColumns.get(ref.id, request.ip));
      // The first that fails is the answer; the others' failures (the same refusal, most often) are not left unhandled.
      for (const load of loads.values()) load.catch(() => undefined);
      const runs: NamedRun[] = [];
      for (const ref of parsed.refs) runs.push(namedRun(ref, await loads.get(ref.id)!));
      try {
        return toCompareJson(runs, request_);
      } catch (err) {
        if (err instanceof RangeError) throw new BadRequestError(err.message);
        throw err;
      }
    },
  );
};

function compareRequest(q: CompareQuery, count: number): CompareRequest {
  const o = compareOptionsFromTexts({ ...q, shift: undefined });
  if ('bad' in o) throw new BadRequestError(`${o.param}=${o.text.slice(0, 40)}: ${COMPARE_OPTIONS[o.bad].codec.expects}`);
  if (o.baseline >= count) throw new BadRequestError(`baseline=${o.baseline}: there are ${count} runs (0 to ${count - 1})`);
  const shifts = parseShifts(q.shift === undefined ? '' : String(q.shift), count);
  const { minChange, align, layout } = o;
  if ((o.from === null) !== (o.to === null)) throw new BadRequestError('from and to go together: give both or neither');
  if (o.from !== null && o.to !== null) {
    if (o.window !== 'whole') throw new BadRequestError(`window=${o.window} and from/to exclude each other`);
    if (!(o.from <= o.to)) throw new BadRequestError(`from=${o.from} is after to=${o.to}`);
    return { baseline: o.baseline, shifts, window: { from: o.from, to: o.to }, minChange, align, layout };
  }
  return { baseline: o.baseline, shifts, window: o.window === 'whole' ? null : o.window, minChange, align, layout };
}

/** `shift=0,12.5`: seconds per run in ids order; missing ones are 0. */
export function parseShifts(text: string, count: number): number[] {
  const shifts = new Array<number>(count).fill(0);
  if (text === '') return shifts;
  const items = text.split(',');
  if (items.length > count) throw new BadRequestError(`shift has ${items.length} values for ${count} runs`);
  items.forEach((item, i) => {
    const n = shiftItem(item);
    if (n === undefined) throw new BadRequestError(`shift: "${item.slice(0, 40)}" (run ${i}) is not a number of seconds`);
    shifts[i] = n;
  });
  return shifts;
}

function namedRun(ref: RunRef, stored: StoredRuns | null): NamedRun {
  if (!stored) throw new CompareRunNotFoundError(`no report with id ${ref.id}: the link may be mistyped or incomplete`);
  const count = stored.runs.length;
  const number = ref.run ?? count;
  const run = stored.runs[number - 1];
  if (!run) {
    throw new CompareRunNotFoundError(`report ${ref.id} has ${count} run${count === 1 ? '' : 's'}: there is no run ${number}`);
  }
  return { ...run, id: ref.id, run: number, runs: count, fileName: stored.summary.fileName, ...(ref.window ? { window: ref.window } : {}) };
}

export default compare;
