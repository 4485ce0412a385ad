/**
 * cli/render-pool.ts: how many threads draw an export's charts — one core left to the command's own thread
 * (it parses and writes the other files meanwhile), at least one thread, at most MAX_RENDER_THREADS.
 */
import { describe, expect, it } from 'vitest';
import { renderThreads } from '../../../server/cli/render-pool.js';

describe('render threads of the CLI', () => {
  it('leaves one core to the command, draws on at least one thread and at most four', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => renderThreads(cores))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });
});
