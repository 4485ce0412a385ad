/**
 * `dstatview delete URL --token TOKEN`: delete a report from the server it was uploaded to, with the delete
 * token its upload printed (`dstatview upload`). URL is the report's address as printed or shared
 * (`https://host/r/ID?…`; its query is ignored). Sends DELETE /api/reports/ID with `Authorization: Bearer
 * TOKEN` to the URL's origin. Exit 0 when the report is gone, 1 with the server's reason when not.
 */
import { isReportId } from '../../shared/api/report-id.js';
import { InputError, parseCommandLine, reportError, UsageError } from './common.js';

export const usage = `Usage: dstatview delete URL --token TOKEN

Delete the report at URL (its address as \`dstatview upload\` printed it, e.g.
https://dstatview.example/r/AbCdEfGhIjKlMnOpQrStUv) from its server, with the delete token its upload printed.

Options:
  --token TOKEN  the report's delete token (or DSTATVIEW_DELETE_TOKEN)
  -h, --help     show this help`;

/** The report's id and its server's origin, from the URL a report is shared by. */
function reportOfUrl(text: string): { id: string; origin: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`expected the report's URL (http(s)://…/r/ID), got ${JSON.stringify(text)}`);
  }
  const id = /^\/(?:r|api\/reports)\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !id || !isReportId(id)) {
    throw new UsageError(`expected the report's URL (http(s)://…/r/ID), got ${JSON.stringify(text)}`);
  }
  return { id, origin: url.origin };
}

/** What each refusal of the server means to the person at the command line. */
const REFUSED: Record<number, string> = {
  401: 'the server wants the delete token (--token)',
  403: 'this is not the delete token of this report; the report stays',
  404: 'no such report on this server (deleted already, or the URL is incomplete)',
};

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseCommandLine(args, {
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError("expected one report URL");
    const { id, origin } = reportOfUrl(positionals[0]!);
    const token = (values.token ?? process.env.DSTATVIEW_DELETE_TOKEN ?? '').trim();
    if (!token) throw new UsageError('expected --token TOKEN (the delete token `dstatview upload` printed)');
    if (/[^\x21-\x7e]/.test(token)) throw new UsageError('--token takes the token as printed (no spaces or control characters)');
    const label = `${origin}/r/${id}`;
    let res: Response;
    try {
      res = await fetch(new URL(`/api/reports/${id}`, origin), {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
    } catch (err) {
      throw new InputError(origin, `cannot reach the server (${err instanceof Error ? (err.cause as Error)?.message ?? err.message : String(err)})`);
    }
    const text = await res.text();
    if (res.status === 204 || res.status === 200) {
      process.stdout.write(`deleted ${label}\n`);
      return 0;
    }
    let message: string | undefined;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body?.message === 'string') message = body.message;
    } catch {
      // not JSON: said below
    }
    throw new InputError(label, REFUSED[res.status] ?? message ?? `the server answered HTTP ${res.status}`);
  } catch (err) {
    return reportError(err, usage);
  }
}
