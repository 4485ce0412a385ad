/**
 * The first-screen cache's policy (plugins/first-screen.ts) with the real plugin in a real Fastify instance;
 * the store and the worker pool are stand-ins that count what they are asked (drawing real images is
 * test/server/routes/pages.test.ts' job and takes seconds).
 */
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { Admission, TaskPreempted } from '../../../server/admission/admission.js';
import firstScreens from '../../../server/plugins/first-screen.js';
import type { FirstScreenTask } from '../../../server/render/first-screen-task.js';
import { FIRST_SCREEN_CACHE_BYTES, FIRST_SCREEN_VIEWS_PER_REPORT, PAGE_IMAGE_CHARTS } from '../../../shared/limits.js';
import { FIRST_SCREEN_CHARTS } from '../../../shared/view/first-screen.js';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const OTHER = 'BBBBBBBBBBBBBBBBBBBBBB';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app whose pool "draws" a page of one file of `fileBytes` per task, and records the tasks. */
async function appWith(
  fileBytes: number,
  busyFor = 0,
): Promise<{ app: FastifyInstance; drawn: FirstScreenTask[]; admission: Admission }> {
  const drawn: FirstScreenTask[] = [];
  const admission = new Admission({ slots: 1, uploadQueue: 8, readQueue: 8, perClient: 4 });
  let busy = busyFor;
  const a = Fastify();
  await a.register(
    fp(async (f) => {
      f.decorate('store', {
        openReportJsonGz: async () => ({ stream: Readable.from([Buffer.from('{}')]), size: 2, mtimeMs: 0 }),
      } as never);
    }, { name: 'store' }),
  );
  await a.register(
    fp(async (f) => {
      f.decorate('parser', {
        admission,
        renderFirstScreen: async (task: FirstScreenTask) => {
          drawn.push(task);
          // The first `busyFor` draws are stopped as the gate stops background work for an upload.
          if (busy-- > 0) throw new TaskPreempted('stopped to give its thread to an upload or a read');
          const name = `${String(drawn.length).padStart(22, 'x')}.png`;
          return { html: `<div id="first-screen">${task.query}</div>`, head: `<link data-view="${task.query}">`, files: new Map([[name, new Uint8Array(fileBytes)]]) };
        },
      } as never);
    }, { name: 'parser-pool' }),
  );
  await a.register(firstScreens);
  await a.ready();
  app = a;
  return { app: a, drawn, admission };
}

/** Ask until the view is drawn (the draw runs in the background); its markup's body. */
async function html(a: FastifyInstance, id: string, query: string): Promise<string | null> {
  for (let i = 0; i < 100; i++) {
    const got = a.firstScreen.html(id, query);
    if (got !== null) return got.body;
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
}

describe('first-screen cache', () => {
  it('serves a drawn view and its files, only under its own report', async () => {
    const { app: a, drawn } = await appWith(1000);
    expect(a.firstScreen.html(ID, '')).toBeNull();
    expect(await html(a, ID, '?cols=2')).toBe('<div id="first-screen"></div>');
    // `cols` is layout only: the same view, drawn once.
    expect(drawn.map((t) => [t.id, t.query])).toEqual([[ID, '']]);
    const name = `${'x'.repeat(21)}1.png`;
    expect(a.firstScreen.file(ID, name)?.byteLength).toBe(1000);
    expect(a.firstScreen.file(OTHER, name)).toBeNull();
    expect(a.firstScreen.file(ID, `${'x'.repeat(21)}2.png`)).toBeNull();
  });

  it('draws the first screen after an upload, and every chart once the page is asked for', async () => {
    const { app: a, drawn } = await appWith(1000);
    a.firstScreen.warm(ID);
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn.map((t) => [t.query, t.charts])).toEqual([['', FIRST_SCREEN_CHARTS]]);
    // The first request gets the first screen at once and starts the rest; later ones get every chart.
    expect(a.firstScreen.html(ID, '')).toEqual({ body: '<div id="first-screen"></div>', head: '<link data-view="">' });
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn.map((t) => [t.query, t.charts])).toEqual([
      ['', FIRST_SCREEN_CHARTS],
      ['', PAGE_IMAGE_CHARTS],
    ]);
    expect(a.firstScreen.html(ID, '')).not.toBeNull();
    expect(a.firstScreen.file(ID, `${'x'.repeat(21)}2.png`)?.byteLength).toBe(1000);
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn).toHaveLength(2);
  });

  it('draws a view given up for an upload again once the worker threads fall idle, oldest first', async () => {
    const { app: a, drawn, admission } = await appWith(1000, 2);
    a.firstScreen.warm(ID);
    a.firstScreen.warm(OTHER);
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn.map((t) => t.id)).toEqual([ID, OTHER]);
    expect(a.firstScreen.html(ID, '')).toBeNull();
    // An upload runs and ends: the gate falls idle and the oldest view given up is drawn (in the real pool
    // that drawing is background work of the gate, whose end is the next idle moment: here, another task).
    await admission.run({ cls: 'upload', timeoutMs: 1000 }, async () => 'parsed');
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn.map((t) => t.id)).toEqual([ID, OTHER, ID]);
    expect(a.firstScreen.html(ID, '')).toEqual({ body: '<div id="first-screen"></div>', head: '<link data-view="">' });
    await admission.run({ cls: 'read', timeoutMs: 1000 }, async () => 'read');
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn.map((t) => t.id).slice(0, 4)).toEqual([ID, OTHER, ID, OTHER]);
    expect(await html(a, OTHER, '')).toBe('<div id="first-screen"></div>');
  });

  it('keeps at most FIRST_SCREEN_CACHE_BYTES, least recently used out, and draws a view again once it has gone', async () => {
    // Three pages fit (a third less 1000 bytes each, with their HTML), a fourth does not.
    const third = Math.floor(FIRST_SCREEN_CACHE_BYTES / 3) - 1000;
    const { app: a, drawn } = await appWith(third);
    for (const q of ['?height=201', '?height=202', '?height=203']) expect(await html(a, ID, q)).not.toBeNull();
    // Used again: 201 is now the most recent, 202 the least.
    expect(a.firstScreen.html(ID, '?height=201')).not.toBeNull();
    expect(await html(a, OTHER, '')).not.toBeNull();
    expect(a.firstScreen.html(ID, '?height=201')).not.toBeNull();
    expect(a.firstScreen.html(ID, '?height=203')).not.toBeNull();
    expect(drawn).toHaveLength(4);
    // 202 went out for the fourth: asked again, it is drawn again.
    expect(a.firstScreen.html(ID, '?height=202')).toBeNull();
    expect(await html(a, ID, '?height=202')).not.toBeNull();
    expect(drawn.map((t) => t.query)).toEqual(['?height=201', '?height=202', '?height=203', '', '?height=202']);
    // The bound on views counts those kept: views that went out make room for more.
    for (let h = 204; h < 204 + FIRST_SCREEN_VIEWS_PER_REPORT; h++) expect(await html(a, ID, `?height=${h}`)).not.toBeNull();
  });

  it('draws at most FIRST_SCREEN_VIEWS_PER_REPORT views of one report at a time', async () => {
    const { app: a, drawn } = await appWith(10);
    const views = Array.from({ length: FIRST_SCREEN_VIEWS_PER_REPORT + 3 }, (_, i) => `?height=${300 + i}`);
    for (const q of views) a.firstScreen.html(ID, q);
    await new Promise((r) => setTimeout(r, 50));
    expect(drawn).toHaveLength(FIRST_SCREEN_VIEWS_PER_REPORT);
    for (const q of views) a.firstScreen.html(ID, q);
    await new Promise((r) => setTimeout(r, 50));
    expect(drawn).toHaveLength(FIRST_SCREEN_VIEWS_PER_REPORT);
    // Another report is not held back by this one's.
    expect(await html(a, OTHER, '')).not.toBeNull();
  });
});
