/** The local staging directory every store uses for uploads in progress, and its leftovers after a crash. */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Staging entries older than this are leftovers of a crash and removed at start (ms). */
const STALE_STAGING_MS = 60 * 60 * 1000;

export async function removeStaleStaging(stagingDir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(stagingDir)) {
    const path = join(stagingDir, name);
    try {
      const st = await stat(path);
      if (now - st.mtimeMs > STALE_STAGING_MS) await rm(path, { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
}
