/** Files a test's process holds open, to show that code closes what it opens (Linux: /proc/self/fd). */
import { readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';

/** What this process holds open under `dir`. */
export async function openUnder(dir: string): Promise<string[]> {
  const links = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(join('/proc/self/fd', fd)).catch(() => '')),
  );
  return links.filter((target) => target.startsWith(`${dir}/`) || target === dir);
}
