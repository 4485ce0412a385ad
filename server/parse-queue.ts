/**
 * A first-in, first-out gate in front of the parser threads: at most `concurrency` tasks run at once, at
 * most `maxWaiting` wait, in arrival order. Piscina has a queue of its own, but a task it rejects (queue
 * full) and one it runs late are indistinguishable from the outside; owning the queue here makes the order
 * a property we test, lets the parse time limit count from the start of the parse (not of the wait), and
 * gives /metrics its queue depth.
 */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

export class FifoQueue {
  private readonly waiting: Array<() => void> = [];
  private active = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Tasks waiting for a slot. */
  get depth(): number {
    return this.waiting.length;
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Run `task` when every earlier task has started and a slot is free; QueueFullError when too many wait. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency || this.waiting.length > 0) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError('the parse queue is full');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the oldest waiter, so a task arriving meanwhile cannot overtake it.
      if (next) next();
      else this.active--;
    }
  }
}
