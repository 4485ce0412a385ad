/**
 * The admission rules (server/admission/admission.ts) on tasks the test finishes itself: uploads before
 * reads, a share per client, bounded queues, background work dropped or stopped, and a time limit that
 * counts from the task's start (fake timers: the test moves the clock, nothing is timed).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Admission,
  BusyRefusal,
  ClientShareRefusal,
  QueueFullRefusal,
  TaskPreempted,
  TaskTimedOut,
  type AdmissionOptions,
  type WorkClass,
  type WorkOutcome,
} from '../../../server/admission/admission.js';

/** A task that finishes when the test says so; `signal` is the one admission gave it. */
function held(started: string[], name: string) {
  let finish!: () => void;
  let signal: AbortSignal | null = null;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const run = async (s: AbortSignal) => {
    signal = s;
    started.push(name);
    // Ends early, as a worker thread that is terminated does, when its signal aborts.
    await Promise.race([done, new Promise((_, reject) => s.addEventListener('abort', () => reject(new Error('AbortError'))))]);
    return name;
  };
  return { run, finish, signal: () => signal };
}

const tick = () => new Promise((r) => setImmediate(r));

function gate(over: Partial<AdmissionOptions> = {}) {
  const events: string[] = [];
  const a = new Admission({
    slots: 1,
    uploadQueue: 4,
    readQueue: 4,
    perClient: 2,
    onEvent: (cls: WorkClass, outcome: WorkOutcome) => events.push(`${cls}:${outcome}`),
    ...over,
  });
  return { a, events };
}

const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('Admission', () => {
  it('gives a free slot to the oldest upload waiting before any read, whatever arrived first', async () => {
    const { a } = gate({ slots: 1 });
    const started: string[] = [];
    const first = held(started, 'read1');
    const r1 = a.run({ cls: 'read', client: 'x', timeoutMs: HOUR }, first.run);
    const readLater = held(started, 'read2');
    const r2 = a.run({ cls: 'read', client: 'y', timeoutMs: HOUR }, readLater.run);
    const up = held(started, 'upload');
    const u = a.run({ cls: 'upload', timeoutMs: HOUR }, up.run);
    await tick();
    expect(started).toEqual(['read1']);
    expect(a.waiting).toEqual({ upload: 1, read: 1 });
    first.finish();
    await tick();
    expect(started).toEqual(['read1', 'upload']);
    // A read arriving now waits behind the read already waiting, which waits behind the upload.
    up.finish();
    readLater.finish();
    await Promise.all([r1, r2, u]);
    expect(started).toEqual(['read1', 'upload', 'read2']);
  });

  it('lets one client have `perClient` reads waiting or running; its next is a ClientShareRefusal, others still get in', async () => {
    const { a, events } = gate({ slots: 1, perClient: 2 });
    const started: string[] = [];
    const tasks = ['a1', 'a2', 'b1'].map((n) => held(started, n));
    const r1 = a.run({ cls: 'read', client: '10.0.0.1', timeoutMs: HOUR }, tasks[0]!.run);
    const r2 = a.run({ cls: 'read', client: '10.0.0.1', timeoutMs: HOUR }, tasks[1]!.run);
    await expect(a.run({ cls: 'read', client: '10.0.0.1', timeoutMs: HOUR }, async () => 'no')).rejects.toBeInstanceOf(ClientShareRefusal);
    const r3 = a.run({ cls: 'read', client: '10.0.0.2', timeoutMs: HOUR }, tasks[2]!.run);
    expect(events).toContain('read:over_client_share');
    for (const t of tasks) t.finish();
    await Promise.all([r1, r2, r3]);
    // Its share is back once they are done.
    await expect(a.run({ cls: 'read', client: '10.0.0.1', timeoutMs: HOUR }, async () => 'yes')).resolves.toBe('yes');
  });

  it('refuses with QueueFullRefusal once a class’s queue is full; uploads and reads have queues of their own', async () => {
    const { a, events } = gate({ slots: 1, uploadQueue: 1, readQueue: 1, perClient: 10 });
    const started: string[] = [];
    const running = held(started, 'running');
    const r0 = a.run({ cls: 'read', client: 'x', timeoutMs: HOUR }, running.run);
    const waitingRead = held(started, 'waitingRead');
    const r1 = a.run({ cls: 'read', client: 'x', timeoutMs: HOUR }, waitingRead.run);
    await expect(a.run({ cls: 'read', client: 'x', timeoutMs: HOUR }, async () => 'no')).rejects.toBeInstanceOf(QueueFullRefusal);
    const waitingUpload = held(started, 'waitingUpload');
    const u1 = a.run({ cls: 'upload', timeoutMs: HOUR }, waitingUpload.run);
    await expect(a.run({ cls: 'upload', timeoutMs: HOUR }, async () => 'no')).rejects.toBeInstanceOf(QueueFullRefusal);
    expect(events.filter((e) => e.endsWith('queue_full'))).toEqual(['read:queue_full', 'upload:queue_full']);
    running.finish();
    waitingRead.finish();
    waitingUpload.finish();
    await Promise.all([r0, r1, u1]);
  });

  it('drops background work when a slot is taken or anything waits, and runs it on an idle pool', async () => {
    const { a, events } = gate({ slots: 1 });
    const started: string[] = [];
    const read = held(started, 'read');
    const r = a.run({ cls: 'read', client: 'x', timeoutMs: HOUR }, read.run);
    await expect(a.run({ cls: 'background', timeoutMs: HOUR }, async () => 'no')).rejects.toBeInstanceOf(BusyRefusal);
    expect(events).toContain('background:shed');
    read.finish();
    await r;
    await expect(a.run({ cls: 'background', timeoutMs: HOUR }, async () => 'drawn')).resolves.toBe('drawn');
  });

  it('stops a running background task the moment an upload (or a read) needs its slot', async () => {
    const { a, events } = gate({ slots: 1 });
    const started: string[] = [];
    const bg = held(started, 'background');
    const b = a.run({ cls: 'background', timeoutMs: HOUR }, bg.run);
    await tick();
    const up = held(started, 'upload');
    const u = a.run({ cls: 'upload', timeoutMs: HOUR }, up.run);
    await expect(b).rejects.toBeInstanceOf(TaskPreempted);
    await tick();
    expect(started).toEqual(['background', 'upload']);
    expect(events).toEqual(['background:admitted', 'background:preempted', 'upload:admitted']);
    up.finish();
    await u;
    // A read preempts it too.
    const bg2 = held(started, 'background2');
    const b2 = a.run({ cls: 'background', timeoutMs: HOUR }, bg2.run);
    await tick();
    const u2 = a.run({ cls: 'read', client: 'x', timeoutMs: HOUR }, async () => 'read');
    await expect(b2).rejects.toBeInstanceOf(TaskPreempted);
    await expect(u2).resolves.toBe('read');
  });

  it('starts a task’s time limit when the task starts, not while it waits', async () => {
    vi.useFakeTimers();
    const { a, events } = gate({ slots: 1 });
    const started: string[] = [];
    const first = held(started, 'first');
    const f = a.run({ cls: 'read', client: 'x', timeoutMs: HOUR }, first.run);
    const parse = held(started, 'parse');
    const p = a.run({ cls: 'upload', timeoutMs: 30_000 }, parse.run);
    p.catch(() => undefined);
    // Waiting far longer than its limit …
    await vi.advanceTimersByTimeAsync(120_000);
    expect(started).toEqual(['first']);
    first.finish();
    await f;
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['first', 'parse']);
    // … and it still has its whole 30 s from its start.
    await vi.advanceTimersByTimeAsync(29_999);
    expect(parse.signal()!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(parse.signal()!.aborted).toBe(true);
    await expect(p).rejects.toBeInstanceOf(TaskTimedOut);
    expect(events).toContain('upload:timed_out');
    // Its slot is free again.
    expect(a.active).toBe(0);
  });
});
