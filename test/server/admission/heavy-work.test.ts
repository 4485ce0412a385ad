/**
 * The admission gate on the real app and its real worker pool (one thread, as on two cores): page views,
 * comparisons and wide inputs cannot starve uploads. No timing is asserted: with a parse time limit of a
 * few seconds, an upload that waited behind other work (the old behaviour: its timer ran while it waited)
 * is a 422 PARSE_TIMEOUT, not a 201.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeWebBuild, makeApp, removeTempDirs, tempDir, type TestApp } from '../../helpers/app.js';
import { readFixture } from '../../helpers/fixtures.js';
import { fileUpload } from '../../helpers/multipart.js';
import { repeatDevice, widenGroup } from '../../helpers/wide-logs.js';

const small = readFixture('d072_tfvnrl.csv');
let t: TestApp | null = null;

afterEach(async () => {
  await t?.cleanup();
  t = null;
  await removeTempDirs();
});

async function upload(csv: string, remoteAddress = '127.0.0.1') {
  const res = await t!.app.inject({ method: 'POST', url: '/api/reports', remoteAddress, ...fileUpload(csv) });
  return { status: res.statusCode, body: res.json() as { id: string; code?: string; message?: string } };
}

const metric = async (name: string) => {
  const text = (await t!.app.inject('/metrics')).body;
  return Number(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
};

describe('heavy work on one parser thread', () => {
  it('80 page views of varied views, then 3 uploads: every upload 201 (background images dropped or stopped)', async () => {
    t = await makeApp({ webDir: await fakeWebBuild(), parserThreads: 1, limits: { parseTimeoutSeconds: 5 } });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await upload(small)).body.id);
    // 80 anonymous views, 8 of each report (each a view of its own), as fast as they come.
    const views = await Promise.all(
      Array.from({ length: 80 }, (_, k) => t!.app.inject(`/r/${ids[k % 10]}?height=${200 + k}`)),
    );
    expect(views.every((v) => v.statusCode === 200)).toBe(true);
    const uploads = await Promise.all([upload(small), upload(small), upload(small)]);
    expect(uploads.map((u) => `${u.status} ${u.body.code ?? ''}`)).toEqual(['201 ', '201 ', '201 ']);
    // The views' drawings were background work: dropped on a busy pool or stopped for the uploads.
    const dropped = (await metric('dstatview_work_total{class="background",outcome="shed"}')) +
      (await metric('dstatview_work_total{class="background",outcome="preempted"}'));
    expect(dropped).toBeGreaterThan(0);
    expect(await metric('dstatview_work_total{class="upload",outcome="admitted"}')).toBe(13);
  });

  it('a group of 19 900 columns is a 422 naming it; a small upload after it is a 201', async () => {
    t = await makeApp({ parserThreads: 1, limits: { parseTimeoutSeconds: 5 } });
    const wide = await upload(widenGroup('d073_tfvnrl.csv', 'total cpu usage', 19_900));
    expect(wide.status).toBe(422);
    expect(wide.body).toMatchObject({ code: 'TOO_LARGE', message: expect.stringContaining('"total cpu usage" has 19900 columns') });
    expect((await upload(small)).status).toBe(201);
  });

  it('a log of 5 000 disks is a 201, and a small upload right after it too (its images give way)', async () => {
    t = await makeApp({ parserThreads: 1 });
    const [disks, after] = [await upload(repeatDevice('d073_tfvnrl.csv', 'dsk/vda', 5000)), await upload(small)];
    expect([disks.status, after.status]).toEqual([201, 201]);
  });

  it('one address gets its share of the reads (429 TOO_MANY_REQUESTS + Retry-After beyond it); another address is still served', async () => {
    t = await makeApp({ parserThreads: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await upload(small)).body.id);
    // Each comparison of two reports not compared before reads both CSVs in the pool: 12 reads at once.
    const compare = (a: number, address: string) =>
      t!.app.inject({ url: `/api/compare?ids=${ids[a]},${ids[a + 1]}`, remoteAddress: address });
    const greedy = await Promise.all([0, 2, 4, 6].map((a) => compare(a, '10.0.0.1')));
    const other = await compare(8, '10.0.0.2');
    const refused = greedy.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(r.headers['retry-after']).toBeDefined();
    }
    expect(greedy.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    expect(other.statusCode).toBe(200);
    expect(await metric('dstatview_work_total{class="read",outcome="over_client_share"}')).toBeGreaterThanOrEqual(refused.length);
  });

  it('gives the thread to an upload before the reads that waited longer (the real pool, one thread)', async () => {
    t = await makeApp({ parserThreads: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await upload(small)).body.id);
    const admission = t.app.parser.admission;
    const counted = admission.opts.onEvent!;
    const order: string[] = [];
    admission.opts.onEvent = (cls, outcome) => {
      if (outcome === 'admitted' && cls !== 'background') order.push(cls);
      counted(cls, outcome);
    };
    // Four comparisons from four addresses: 8 reads of stored CSVs, one running, the rest waiting …
    const compares = [0, 2, 4, 6].map((a, k) => t!.app.inject({ url: `/api/compare?ids=${ids[a]},${ids[a + 1]}`, remoteAddress: `10.0.1.${k}` }));
    await new Promise((r) => setImmediate(r));
    while (admission.waiting.read < 4) await new Promise((r) => setTimeout(r, 10));
    // … then an upload's parse (called as the upload route calls it, once the file is received): it is the
    // next to run, before every read that was waiting.
    const path = join(await tempDir(), 'upload.csv');
    await writeFile(path, small);
    const fields = { id: 'AAAAAAAAAAAAAAAAAAAAAA', fileName: 'x.csv', createdAt: new Date().toISOString(), bytes: small.length };
    const parsed = t.app.parser.parse({ path, fields });
    const answers = await Promise.all(compares);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await parsed).toMatchObject({ ok: true });
    // Only the read that was running when it came ran before it; at least 4 that were waiting ran after it.
    expect(order.indexOf('upload')).toBe(1);
    expect(order.slice(2).filter((c) => c === 'read').length).toBeGreaterThanOrEqual(4);
  });
});
