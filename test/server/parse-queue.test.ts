import { describe, expect, it } from 'vitest';
import { FifoQueue, QueueFullError } from '../../server/parse-queue.js';

/** A task that finishes when the test says so, recording when it started. */
function deferredTask(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: async () => (started.push(name), await done, name), finish };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('FifoQueue', () => {
  it('runs at most `concurrency` tasks and starts the waiting ones in arrival order', async () => {
    const q = new FifoQueue(2, 10);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((n) => deferredTask(started, n));
    const results = tasks.map((t) => q.run(t.run));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect([q.running, q.depth]).toEqual([2, 3]);
    // The second finishes first: its slot goes to the oldest waiter, c.
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    // A task arriving now queues behind d and e, even though a slot frees at the same moment.
    const late = deferredTask(started, 'late');
    const lateResult = q.run(late.run);
    tasks[0]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const t of [...tasks, late]) t.finish();
    expect(await Promise.all([...results, lateResult])).toEqual(['a', 'b', 'c', 'd', 'e', 'late']);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'late']);
    expect([q.running, q.depth]).toEqual([0, 0]);
  });

  it('refuses a task when maxWaiting are already waiting, and frees the slot of a failed task', async () => {
    const q = new FifoQueue(1, 1);
    const started: string[] = [];
    const first = deferredTask(started, 'first');
    const second = deferredTask(started, 'second');
    const running = q.run(first.run);
    const waiting = q.run(second.run);
    await expect(q.run(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    await expect(q.run(async () => 'third')).rejects.toMatchObject({ name: 'QueueFullError', message: 'the parse queue is full' });
    first.finish();
    second.finish();
    await Promise.all([running, waiting]);
    await expect(q.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run(async () => 'after')).toBe('after');
    expect(q.running).toBe(0);
  });
});
