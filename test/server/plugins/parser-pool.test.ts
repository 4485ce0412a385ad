import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWorkerLocation } from '../../../server/plugins/parser-pool.js';

describe('parseWorkerLocation', () => {
  it('runs the .ts worker through tsx from sources', () => {
    const loc = parseWorkerLocation(new URL('../../../server/plugins/parser-pool.ts', import.meta.url).href);
    expect(loc.filename).toMatch(/server\/parse-worker\.ts$/);
    expect(existsSync(loc.filename)).toBe(true);
    expect(loc.execArgv?.[0]).toBe('--import');
    expect(loc.execArgv?.[1]).toMatch(/^file:\/\/.*tsx/);
  });

  it('runs the compiled .js worker as plain JavaScript', () => {
    const loc = parseWorkerLocation('file:///srv/dstatview/dist/server/plugins/parser-pool.js');
    expect(loc).toEqual({ filename: '/srv/dstatview/dist/server/parse-worker.js' });
  });
});
