import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { removeStaleStaging } from '../../../server/store/staging.js';
import { removeTempDirs, tempDir } from '../../helpers/app.js';

afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(removeTempDirs);

const HOUR_MS = 3600_000;

/** Set `path`'s times to `ms` (whole seconds, so that mtimeMs is exactly `ms`). */
async function touch(path: string, ms: number): Promise<void> {
  await utimes(path, ms / 1000, ms / 1000);
}

describe('removeStaleStaging', () => {
  it('removes entries last changed more than an hour ago, whole directories with their files, and keeps the others', async () => {
    const dir = await tempDir();
    // A whole second, so that every time below is exact.
    const now = Math.floor(Date.now() / 1000) * 1000;
    await mkdir(join(dir, 'report-crashed', 'nested'), { recursive: true });
    await writeFile(join(dir, 'report-crashed', 'source.csv'), 'half');
    await writeFile(join(dir, 'report-crashed', 'nested', 'x'), 'x');
    await touch(join(dir, 'report-crashed'), now - HOUR_MS - 1000);
    await writeFile(join(dir, 'upload-exactly-an-hour'), 'y');
    await touch(join(dir, 'upload-exactly-an-hour'), now - HOUR_MS);
    await writeFile(join(dir, 'upload-recent'), 'z');
    await touch(join(dir, 'upload-recent'), now - 60_000);

    vi.spyOn(Date, 'now').mockReturnValue(now);
    await removeStaleStaging(dir);
    expect((await readdir(dir)).sort()).toEqual(['upload-exactly-an-hour', 'upload-recent']);
  });
});
