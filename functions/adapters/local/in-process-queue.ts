import type { Queue } from '../../core/ports/queue';

/** What consumes a message; throwing or answering `'busy'` is a failed receive (redelivered when the queue redelivers). */
export type QueueConsumer<Message> = (message: Message) => Promise<unknown>;

export interface InProcessQueueOptions<Message> {
  /** Multiplies every delay (tests and benchmarks: 0.001 turns 10 h into 36 s). Default 1. */
  delayScale?: number;
  /** After a failed receive the message runs again after this many ms (a visibility timeout); absent: it is dropped. */
  redeliverAfterMs?: number;
  /** Receives before a message that keeps failing is dead-lettered (a redrive policy). Default: no limit. */
  maxReceives?: number;
  /** Messages run at once (1: one after the other, in order). Default: no limit. */
  concurrency?: number;
  onFailure?: (error: unknown, message: Message, receives: number) => void;
  onDeadLetter?: (message: Message, reason: string) => void;
}

interface Entry<Message> {
  message: Message;
  receives: number;
  timer?: NodeJS.Timeout;
}

/**
 * The local stand-in for every cloud queue (SQS with its DLQ, an asynchronous invoke): messages wait on
 * timers in this process and run through one consumer, with the cloud queue's retry semantics when asked.
 * Timers do not keep the process alive (the server does); nothing survives a restart (the ledgers and
 * sweeps that the cloud needs anyway make the work safe to find again). `idle()` and `drain()` let tests
 * wait for, or hurry, what is pending.
 */
export class InProcessQueue<Message> implements Queue<Message> {
  readonly deadLettered: { message: Message; reason: string; at: string }[] = [];
  private consumer: QueueConsumer<Message> | undefined;
  private readonly waiting = new Set<Entry<Message>>();
  private readonly ready: Entry<Message>[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: InProcessQueueOptions<Message> = {}) {}

  /** Who runs the messages; the local composition root sets it (a later call replaces it). */
  consumeWith(consumer: QueueConsumer<Message>): void {
    this.consumer = consumer;
  }

  get hasConsumer(): boolean {
    return this.consumer !== undefined;
  }

  async enqueue(message: Message, delayMs: number): Promise<void> {
    this.schedule({ message, receives: 0 }, delayMs);
  }

  async deadLetter(message: Message, reason: string): Promise<void> {
    this.deadLettered.push({ message, reason, at: new Date().toISOString() });
    this.options.onDeadLetter?.(message, reason);
  }

  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Runs every waiting message now, and those they enqueue, until nothing is left. */
  async drain(): Promise<void> {
    while (!this.isIdle()) {
      for (const entry of [...this.waiting]) this.fire(entry);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Forgets what waits and lets go of the consumer (the local stack's stop); what runs finishes. */
  stop(): void {
    for (const entry of this.waiting) clearTimeout(entry.timer);
    this.waiting.clear();
    this.ready.length = 0;
    this.consumer = undefined;
    this.settle();
  }

  private isIdle(): boolean {
    return this.waiting.size === 0 && this.ready.length === 0 && this.running === 0;
  }

  private schedule(entry: Entry<Message>, delayMs: number): void {
    this.waiting.add(entry);
    entry.timer = setTimeout(() => this.fire(entry), Math.max(0, delayMs * (this.options.delayScale ?? 1)));
    entry.timer.unref();
  }

  private fire(entry: Entry<Message>): void {
    if (!this.waiting.delete(entry)) return;
    clearTimeout(entry.timer);
    this.ready.push(entry);
    this.pump();
  }

  private pump(): void {
    while (this.running < (this.options.concurrency ?? Infinity) && this.ready.length > 0) {
      const entry = this.ready.shift()!;
      this.running += 1;
      void this.run(entry).finally(() => {
        this.running -= 1;
        this.pump();
        this.settle();
      });
    }
  }

  private async run(entry: Entry<Message>): Promise<void> {
    const { redeliverAfterMs, maxReceives = Infinity } = this.options;
    entry.receives += 1;
    let failure: string | undefined;
    try {
      if (!this.consumer) throw new Error('The queue has no consumer');
      if ((await this.consumer(entry.message)) === 'busy') failure = 'busy';
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      this.options.onFailure?.(error, entry.message, entry.receives);
    }
    if (failure === undefined || redeliverAfterMs === undefined) return;
    if (entry.receives >= maxReceives) await this.deadLetter(entry.message, `Received ${entry.receives} times without success: ${failure}`);
    else this.schedule(entry, redeliverAfterMs);
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
