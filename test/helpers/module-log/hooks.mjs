// Module customization hooks for register.mjs: log each loaded module (format and URL) to MODULE_LOG.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (process.env.MODULE_LOG) appendFileSync(process.env.MODULE_LOG, `${result.format} ${url}\n`);
  return result;
}
