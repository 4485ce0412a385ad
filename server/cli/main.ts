/**
 * The `dstatview` command's entry (bin/dstatview.js loads its build): the dispatcher (dispatch.ts) on the
 * process' arguments, its answer the exit code. Nothing else here, so that tests run the commands in process.
 */
import { main } from './dispatch.js';

process.exitCode = await main(process.argv.slice(2));
