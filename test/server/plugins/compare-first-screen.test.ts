/**
 * The compare pages' first-screen cache policy (plugins/compare-first-screen.ts) with the real plugin in a
 * real Fastify instance; the level-of-detail source and the worker pool are stand-ins that count what they
 * are asked (drawing real images is test/server/routes/compare-first-screen.test.ts' job).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import compareFirstScreens from '../../../server/plugins/compare-first-screen.js';
import type { CompareFirstScreenTask } from '../../../server/render/compare-first-screen-task.js';
import { COMPARE_FIRST_SCREEN_CACHE_BYTES, COMPARE_FIRST_SCREEN_DRAWS } from '../../../shared/limits.js';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * An app whose pool "draws" a page of one file of `fileBytes` per task (held until `open()` when `held`),
 * and records the tasks; report B is unknown.
 */
async function appWith(fileBytes: number, held = false, drawDelayMs = 0) {
  const drawn: CompareFirstScreenTask[] = [];
  let open = (): void => undefined;
  const gate = held ? new Promise<void>((r) => (open = r)) : Promise.resolve();
  const a = Fastify();
  await a.register(
    fp(async (f) => {
      f.decorate('reportLod', { get: async (id: string) => (id === B ? null : { gz: new Uint8Array([1]), etag: '' }) } as never);
    }, { name: 'report-lod' }),
  );
  await a.register(
    fp(async (f) => {
      f.decorate('parser', {
        renderCompareFirstScreen: async (task: CompareFirstScreenTask) => {
          drawn.push(task);
          await gate;
          const name = `${String(drawn.length).padStart(22, 'x')}.png`;
          return { html: `<div id="first-screen">${task.query}</div>`, files: new Map([[name, new Uint8Array(fileBytes)]]) };
        },
      } as never);
    }, { name: 'parser-pool' }),
  );
  await a.register(compareFirstScreens, { drawDelayMs });
  await a.ready();
  app = a;
  return { app: a, drawn, open: () => open() };
}

async function html(a: FastifyInstance, query: string): Promise<{ html: string; ids: string[] } | null> {
  for (let i = 0; i < 100; i++) {
    const got = a.compareFirstScreen.html(query);
    if (got !== null) return got;
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
}

describe('compare first-screen cache', () => {
  it('keys a view by the page\'s own query (not the table\'s sort), serves its files with the reports they show', async () => {
    const { app: a, drawn } = await appWith(1000);
    expect(a.compareFirstScreen.html(`?ids=${A},${A}:1&sort=name`)).toBeNull();
    expect(await html(a, `?sort=name&ids=${A},${A}:1`)).toEqual({ html: `<div id="first-screen">?ids=${A},${A}:1</div>`, ids: [A] });
    expect(drawn.map((t) => [t.query, t.reports.map((r) => r.id)])).toEqual([[`?ids=${A},${A}:1`, [A]]]);
    expect(a.compareFirstScreen.file(`${'x'.repeat(21)}1.png`)).toEqual({ png: new Uint8Array(1000), ids: [A] });
    expect(a.compareFirstScreen.file(`${'x'.repeat(21)}2.png`)).toBeNull();
    // A malformed query draws nothing; a missing report gets no page.
    expect(a.compareFirstScreen.html('?ids=nope')).toBeNull();
    expect(a.compareFirstScreen.html(`?ids=${A},${B}`)).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(a.compareFirstScreen.html(`?ids=${A},${B}`)).toBeNull();
    expect(drawn).toHaveLength(1);
  });

  it('draws at most COMPARE_FIRST_SCREEN_DRAWS views at once', async () => {
    const { app: a, drawn, open } = await appWith(10, true);
    const views = Array.from({ length: COMPARE_FIRST_SCREEN_DRAWS + 3 }, (_, i) => `?ids=${A},${A}&shift=0,${i}`);
    for (const q of views) a.compareFirstScreen.html(q);
    for (const q of views) a.compareFirstScreen.html(q);
    await new Promise((r) => setTimeout(r, 50));
    expect(drawn).toHaveLength(COMPARE_FIRST_SCREEN_DRAWS);
    open();
    // Once those are done, the others are drawn on their next request.
    for (const q of views) expect(await html(a, q), q).not.toBeNull();
    expect(drawn).toHaveLength(views.length);
  });

  it('keeps at most COMPARE_FIRST_SCREEN_CACHE_BYTES, least recently used out', async () => {
    const third = Math.floor(COMPARE_FIRST_SCREEN_CACHE_BYTES / 3) - 1000;
    const { app: a, drawn } = await appWith(third);
    const q = (i: number) => `?ids=${A},${A}&shift=0,${i}`;
    for (const i of [1, 2, 3]) expect(await html(a, q(i))).not.toBeNull();
    expect(a.compareFirstScreen.html(q(1))).not.toBeNull();
    expect(await html(a, q(4))).not.toBeNull();
    // 2 was the least recently used: gone, drawn again when asked.
    expect(a.compareFirstScreen.html(q(2))).toBeNull();
    expect(a.compareFirstScreen.html(q(3))).not.toBeNull();
    expect(await html(a, q(2))).not.toBeNull();
    expect(drawn.map((t) => t.query)).toEqual([1, 2, 3, 4, 2].map(q));
  });

  it('draws a view only after the delay (the page that asked loads first), and never after close', async () => {
    const { app: a, drawn } = await appWith(10, false, 300);
    expect(a.compareFirstScreen.html(`?ids=${A}`)).toBeNull();
    a.compareFirstScreen.warm([A, A]);
    await new Promise((r) => setTimeout(r, 100));
    expect(drawn).toHaveLength(0);
    expect(await html(a, `?ids=${A}`)).not.toBeNull();
    expect(drawn.map((t) => t.query)).toEqual([`?ids=${A}`, `?ids=${A},${A}`].slice(0, drawn.length));
    a.compareFirstScreen.html(`?ids=${A}&baseline=0&shift=1`);
    await a.close();
    app = undefined;
    const before = drawn.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(drawn).toHaveLength(before);
  });
});
