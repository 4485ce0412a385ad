/**
 * How a `dstatview` command ends on an error: a message on stderr and the exit code
 * (2 wrong usage, with the usage text; 1 a file that cannot be read or is not a dstat log).
 */
import { isDstatFormatError } from '../../shared/dstat/errors.js';

export class UsageError extends Error {}

export function fail(err: unknown, usage: string): number {
  if (err instanceof UsageError || (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS_'))) {
    process.stderr.write(`dstatview: ${err.message}\n\n${usage}\n`);
    return 2;
  }
  if (isDstatFormatError(err) || err instanceof RangeError) {
    process.stderr.write(`dstatview: ${err.message}\n`);
    return 1;
  }
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`dstatview: ${code === 'ENOENT' ? 'no such file: ' + message.replace(/^.*?'(.*)'$/, '$1') : message}\n`);
  return 1;
}
