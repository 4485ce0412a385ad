/**
 * `dstatview upload LOG.csv[.gz] --server URL`: upload to a dstatview server and print the report's URL
 * (for scripts and CI) on standard output, and its delete token — shown once, never again — on standard
 * error; with --json, the server's whole reply (its url absolute) on standard output instead. The file is
 * sent as uploaded (a .csv.gz stays compressed: the server reads it).
 */
import { basename } from 'node:path';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { viewQuery } from '../../shared/api/view-query.js';
import { InputError, inputLabel, parseCommandLine, parseServer, reportError, STDIN, UsageError } from './common.js';
import { VIEW_FLAGS, viewFromFlags } from './view-flags.js';


export const usage = `Usage: dstatview upload LOG.csv[.gz] --server URL [view options]

Upload LOG (- for standard input) to the dstatview server at URL and print the report's address on
standard output and its delete token on standard error (keep it: \`dstatview delete URL --token TOKEN\`
deletes the report, and nothing shows the token again). The view options of \`dstatview report\` (see its
help) are added to the printed URL.

Options:
  --server URL   the server, e.g. http://dstatview.example:8080 (or DSTATVIEW_SERVER)
  --json         print the server's whole reply as JSON on standard output ({id, url, deleteToken})
  -h, --help     show this help`;

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseCommandLine(args, {
      server: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      ...VIEW_FLAGS,
    });
    if (values.help) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('expected one LOG.csv');
    const server = values.server ?? process.env.DSTATVIEW_SERVER;
    if (!server) throw new UsageError('expected --server URL');
    const base = parseServer(server);
    const view = viewFromFlags(values);
    const file = positionals[0]!;
    const label = inputLabel(file);
    const bytes =
      file === STDIN
        ? await buffer(process.stdin)
        : await readFile(file).catch((err: NodeJS.ErrnoException) => {
            throw new InputError(file, err.code === 'ENOENT' ? 'no such file' : `cannot read it (${err.code ?? err.message})`);
          });
    const form = new FormData();
    form.append('file', new Blob([bytes]), file === STDIN ? 'stdin.csv' : basename(file));
    let res: Response;
    try {
      res = await fetch(new URL('/api/reports', base), { method: 'POST', body: form, headers: { accept: 'application/json' } });
    } catch (err) {
      throw new InputError(base.origin, `cannot reach the server (${err instanceof Error ? (err.cause as Error)?.message ?? err.message : String(err)})`);
    }
    const text = await res.text();
    let body: { url?: string; message?: string; deleteToken?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // not JSON: said below
    }
    if (res.status !== 201 || typeof body.url !== 'string') {
      throw new InputError(label, body.message ?? `the server answered HTTP ${res.status}`);
    }
    const url = new URL(body.url, base);
    const extra = viewQuery(view);
    if (extra) url.search = url.search ? `${url.search}&${extra.slice(1)}` : extra;
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ ...body, url: url.href })}\n`);
      return 0;
    }
    process.stdout.write(`${url.href}\n`);
    if (typeof body.deleteToken === 'string') {
      process.stderr.write(`delete token: ${body.deleteToken}\n(dstatview delete URL --token TOKEN deletes the report; this token is not shown again)\n`);
    }
    return 0;
  } catch (err) {
    return reportError(err, usage);
  }
}
