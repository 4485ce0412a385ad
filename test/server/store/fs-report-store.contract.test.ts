/**
 * The ReportStore contract on FsReportStore, on real files. node:fs/promises is wrapped only to call the
 * contract's check before and after every call that changes the file system (the calls themselves are real).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, vi } from 'vitest';
import { FsReportStore } from '../../../server/store/fs-report-store.js';
import { removeTempDirs, tempDir } from '../../helpers/app.js';
import { storeContract } from './contract.js';

const hook: { check: (() => Promise<void>) | null; busy: boolean } = { check: null, busy: false };

async function checkpoint(): Promise<void> {
  if (!hook.check || hook.busy) return;
  hook.busy = true;
  try {
    await hook.check();
  } finally {
    hook.busy = false;
  }
}

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const watched = <F extends (...args: never[]) => Promise<unknown>>(fn: F) =>
    (async (...args: Parameters<F>) => {
      await checkpoint();
      const result = await fn(...args);
      await checkpoint();
      return result;
    }) as unknown as F;
  const isWrite = (flags: unknown) => flags !== undefined && flags !== 'r' && flags !== real.constants.O_RDONLY;
  return {
    ...real,
    open: (async (path: string, flags?: string | number, mode?: number) => {
      if (!isWrite(flags)) return real.open(path, flags, mode);
      await checkpoint();
      const fh = await real.open(path, flags, mode);
      // The file exists now (and was emptied when opened with 'w'): a reader may meet it in this state.
      await checkpoint();
      return fh;
    }) as typeof real.open,
    writeFile: watched(real.writeFile),
    appendFile: watched(real.appendFile),
    copyFile: watched(real.copyFile),
    rename: watched(real.rename),
    rm: watched(real.rm),
    unlink: watched(real.unlink),
    mkdir: watched(real.mkdir),
    mkdtemp: watched(real.mkdtemp),
    truncate: watched(real.truncate),
  };
});

afterAll(removeTempDirs);

storeContract('FsReportStore', {
  async newStore() {
    const store = new FsReportStore(await tempDir());
    await store.init();
    return store;
  },
  onMutation(check) {
    hook.check = check;
  },
  async finalPlaceTaken(store, id) {
    return stat(join((store as FsReportStore).reportsDir, id)).then(
      () => true,
      () => false,
    );
  },
});
