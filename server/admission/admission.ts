/**
 * One admission model for every kind of heavy work the worker threads do (parse, render, export, compare,
 * level of detail). At most `slots` tasks run at once (one per worker thread); the rest wait in bounded
 * queues, or are refused at once:
 *
 *   upload      parses of uploads (and re-derivations). First in line: when a slot frees, the oldest upload
 *               waiting takes it before any read. Queue full → QueueFullRefusal (503 + Retry-After).
 *   read        work a reader waits for (an export's images, a comparison's columns, a level of detail).
 *               Behind every upload; each client (the request's address as Fastify sees it) may have at
 *               most `perClient` reads waiting or running (→ ClientShareRefusal, 429 + Retry-After); queue
 *               full → QueueFullRefusal (503).
 *   background  best-effort work nobody waits for (first-screen images after an upload or a view). Runs
 *               only on a free slot with nobody waiting, else is dropped (BusyRefusal); and a running one
 *               is stopped (its thread ended) the moment an upload or a read needs its slot.
 *
 * Each task's time limit counts from the moment it starts running, never from when it was queued: a task
 * past its limit has its signal aborted (TaskTimedOut). Every outcome is reported through `onEvent` (the
 * /metrics counters).
 */

export type WorkClass = 'upload' | 'read' | 'background';
export type WorkOutcome = 'admitted' | 'queue_full' | 'over_client_share' | 'shed' | 'timed_out' | 'preempted';

export interface AdmissionOptions {
  /** Tasks running at once (the worker threads). */
  slots: number;
  /** Uploads that may wait for a slot. */
  uploadQueue: number;
  /** Reads that may wait for a slot. */
  readQueue: number;
  /** Reads one client may have waiting or running. */
  perClient: number;
  onEvent?: (cls: WorkClass, outcome: WorkOutcome) => void;
}

export interface WorkOptions {
  cls: WorkClass;
  /** Time limit, ms, from the task's start. */
  timeoutMs: number;
  /** The client's address (reads are shared out by it); null: not a client's (a server's own task). */
  client?: string | null;
}

/** Why a task was not run; the caller turns it into its answer. */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
}
/** Every place in the queue of its class is taken. */
export class QueueFullRefusal extends Refusal {
  override readonly name = 'QueueFullRefusal';
}
/** The client already has its share of reads waiting or running. */
export class ClientShareRefusal extends Refusal {
  override readonly name = 'ClientShareRefusal';
}
/** Background work on a busy pool: dropped, not queued. */
export class BusyRefusal extends Refusal {
  override readonly name = 'BusyRefusal';
}

/** The task ran past its time limit (its signal was aborted). */
export class TaskTimedOut extends Error {
  override readonly name = 'TaskTimedOut';
  constructor(readonly timeoutMs: number) {
    super(`the task ran longer than ${timeoutMs / 1000} s`);
  }
}
/** A background task stopped to give its slot to an upload or a read. */
export class TaskPreempted extends Error {
  override readonly name = 'TaskPreempted';
}

interface Background {
  abort: AbortController;
  preempted: boolean;
}

export class Admission {
  private readonly uploads: Array<() => void> = [];
  private readonly reads: Array<() => void> = [];
  /** Uploads and reads running or granted a slot. */
  private held = 0;
  /** Background tasks running and not yet told to stop. */
  private readonly background = new Set<Background>();
  private readonly perClient = new Map<string, number>();
  private readonly idleListeners = new Set<() => void>();
  private idleCall: ReturnType<typeof setImmediate> | null = null;

  constructor(readonly opts: AdmissionOptions) {}

  /**
   * Calls `listener` each time the gate falls idle (no task running, none waiting), after the task that
   * ended has settled: the moment for best-effort work dropped while it was busy. Returns its removal.
   */
  whenIdle(listener: () => void): () => void {
    this.idleListeners.add(listener);
    return () => this.idleListeners.delete(listener);
  }

  private get idle(): boolean {
    return this.held === 0 && this.background.size === 0 && this.uploads.length === 0 && this.reads.length === 0;
  }

  /** Tasks waiting, by class (background never waits). */
  get waiting(): { upload: number; read: number } {
    return { upload: this.uploads.length, read: this.reads.length };
  }

  /** Tasks running now (background included). */
  get active(): number {
    return this.held + this.background.size;
  }

  /**
   * Runs `task` when the rules above let it, with a signal that aborts at its time limit (or when it is
   * preempted). Rejects with a Refusal when it is not run, TaskTimedOut / TaskPreempted when it was
   * stopped, or the task's own error.
   */
  async run<T>(opts: WorkOptions, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const { cls } = opts;
    if (cls === 'background') return this.runBackground(opts, task);
    const client = cls === 'read' ? (opts.client ?? null) : null;
    if (client !== null && (this.perClient.get(client) ?? 0) >= this.opts.perClient) {
      this.refuse(cls, 'over_client_share', new ClientShareRefusal(`at most ${this.opts.perClient} at once from one address`));
    }
    const queue = cls === 'upload' ? this.uploads : this.reads;
    const queueMax = cls === 'upload' ? this.opts.uploadQueue : this.opts.readQueue;
    // Nobody overtakes an upload; a read overtakes no read.
    const mustWait = this.held >= this.opts.slots || this.uploads.length > 0 || (cls === 'read' && this.reads.length > 0);
    if (mustWait && queue.length >= queueMax) {
      this.refuse(cls, 'queue_full', new QueueFullRefusal(`${queue.length} ${cls === 'upload' ? 'uploads' : 'reads'} waiting already`));
    }
    if (client !== null) this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    try {
      if (mustWait) await new Promise<void>((resolve) => queue.push(resolve));
      else this.held++;
      try {
        // A background task on the slot this one was given stops now.
        if (this.held + this.background.size > this.opts.slots) this.preemptBackground();
        return await this.execute(opts, task);
      } finally {
        this.held--;
        this.next();
      }
    } finally {
      if (client !== null) {
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
      }
    }
  }

  private async runBackground<T>(opts: WorkOptions, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.held + this.background.size >= this.opts.slots || this.uploads.length + this.reads.length > 0) {
      this.refuse('background', 'shed', new BusyRefusal('the worker threads are busy: background work is dropped'));
    }
    const me: Background = { abort: new AbortController(), preempted: false };
    this.background.add(me);
    try {
      return await this.execute(opts, task, me.abort);
    } finally {
      this.background.delete(me);
      this.next();
    }
  }

  private preemptBackground(): void {
    for (const b of this.background) {
      if (b.preempted) continue;
      b.preempted = true;
      // Its slot is counted free from now: the thread it held is being ended.
      this.background.delete(b);
      this.opts.onEvent?.('background', 'preempted');
      b.abort.abort(new TaskPreempted('stopped to give its thread to an upload or a read'));
      return;
    }
  }

  private refuse(cls: WorkClass, outcome: WorkOutcome, err: Refusal): never {
    this.opts.onEvent?.(cls, outcome);
    throw err;
  }

  private async execute<T>(opts: WorkOptions, task: (signal: AbortSignal) => Promise<T>, abort = new AbortController()): Promise<T> {
    this.opts.onEvent?.(opts.cls, 'admitted');
    // The time limit starts now, with the task: never while it waited.
    const timer = setTimeout(() => abort.abort(new TaskTimedOut(opts.timeoutMs)), opts.timeoutMs);
    try {
      return await task(abort.signal);
    } catch (err) {
      const reason: unknown = abort.signal.reason;
      if (abort.signal.aborted && (reason instanceof TaskTimedOut || reason instanceof TaskPreempted)) {
        if (reason instanceof TaskTimedOut) this.opts.onEvent?.(opts.cls, 'timed_out');
        throw reason;
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Free slots go to the oldest uploads waiting, then to the oldest reads; an idle gate says so. */
  private next(): void {
    while (this.held < this.opts.slots) {
      const start = this.uploads.shift() ?? this.reads.shift();
      if (!start) break;
      this.held++;
      start();
    }
    if (this.idle && this.idleListeners.size > 0 && this.idleCall === null) {
      this.idleCall = setImmediate(() => {
        this.idleCall = null;
        if (!this.idle) return;
        for (const listener of this.idleListeners) listener();
      });
    }
  }
}
