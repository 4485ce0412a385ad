/**
 * How every export file is written (server/export/write-html.ts `atomically`): beside its final name, then
 * renamed into place, so that a reader never sees half of one and a failed write leaves nothing behind.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { atomically } from '../../../server/export/write-html.js';

const dir = mkdtempSync(join(tmpdir(), 'dstatview-atomically-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('atomically', () => {
  it('writes a hidden file beside the final name and renames it into place', async () => {
    const path = join(dir, 'out', 'deeper', 'report.html');
    let seen: { tmp: string; finalThere: boolean } | null = null;
    await atomically(path, async (tmp) => {
      seen = { tmp, finalThere: existsSync(path) };
      await writeFile(tmp, 'whole file');
    });
    expect(seen!.finalThere).toBe(false);
    expect(seen!.tmp.startsWith(join(dir, 'out', 'deeper', '.'))).toBe(true);
    expect(seen!.tmp).toMatch(/\/\.[0-9a-f-]{36}\.tmp$/);
    expect(readFileSync(path, 'utf8')).toBe('whole file');
    expect(readdirSync(join(dir, 'out', 'deeper'))).toEqual(['report.html']);
  });

  it('leaves an existing file as it was, and nothing beside it, when the write fails', async () => {
    const path = join(dir, 'kept.zip');
    writeFileSync(path, 'the earlier export');
    const failure = new Error('disk full');
    await expect(
      atomically(path, async (tmp) => {
        await writeFile(tmp, 'half of it');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(readFileSync(path, 'utf8')).toBe('the earlier export');
    expect(readdirSync(dir).filter((f) => f !== 'out')).toEqual(['kept.zip']);
  });

  it('passes on the error of a write that made no file', async () => {
    const path = join(dir, 'never.html');
    await expect(atomically(path, async () => Promise.reject(new RangeError('nothing to draw')))).rejects.toThrow(RangeError);
    expect(existsSync(path)).toBe(false);
  });
});
