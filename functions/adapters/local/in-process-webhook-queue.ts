import type { WebhookJob, WebhookQueue } from '../../core/ports/delivery';

/** What consumes a job; throwing or answering `'busy'` hands it back later, as SQS would after its visibility timeout. */
export type WebhookConsumer = (job: WebhookJob) => Promise<unknown>;

export interface InProcessWebhookQueueOptions {
  /** Multiplies every delay (tests and benchmarks: 0.001 turns 10 h into 36 s). Default 1. */
  delayScale?: number;
  /** Seconds before a failed job runs again (scaled too), like a visibility timeout. Default 30. */
  redeliverSeconds?: number;
  /** Receives before a job that keeps failing is dead-lettered, like a redrive policy. Default 5. */
  maxReceives?: number;
  /** Jobs run at once. Default 16. */
  concurrency?: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

interface Entry {
  job: WebhookJob;
  receives: number;
  timer?: NodeJS.Timeout;
}

/**
 * The local stand-in for the SQS webhook queue and its DLQ: the same semantics with timers in this
 * process. Timers do not keep the process alive (the server does); dead letters are kept in memory
 * and logged. `idle()` and `drain()` let tests wait for, or hurry, what is pending.
 */
export class InProcessWebhookQueue implements WebhookQueue {
  readonly deadLettered: { job: WebhookJob; reason: string; at: string }[] = [];
  private consumer: WebhookConsumer | undefined;
  private readonly waiting = new Set<Entry>();
  private readonly ready: Entry[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly delayScale: number;
  private readonly redeliverSeconds: number;
  private readonly maxReceives: number;
  private readonly concurrency: number;
  private readonly log: (message: string, fields: Record<string, unknown>) => void;

  constructor(options: InProcessWebhookQueueOptions = {}) {
    this.delayScale = options.delayScale ?? 1;
    this.redeliverSeconds = options.redeliverSeconds ?? 30;
    this.maxReceives = options.maxReceives ?? 5;
    this.concurrency = options.concurrency ?? 16;
    this.log = options.log ?? (() => undefined);
  }

  /** Who runs the jobs (the webhook service's `attempt`); set once, before the first job is due. */
  consumeWith(consumer: WebhookConsumer): void {
    this.consumer = consumer;
  }

  get hasConsumer(): boolean {
    return this.consumer !== undefined;
  }

  async enqueue(job: WebhookJob, delaySeconds: number): Promise<void> {
    this.schedule({ job, receives: 0 }, delaySeconds);
  }

  async deadLetter(job: WebhookJob, reason: string): Promise<void> {
    this.deadLettered.push({ job, reason, at: new Date().toISOString() });
    this.log('webhook dead-lettered', { userId: job.userId, eventId: job.eventId, attempt: job.attempt, reason });
  }

  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Runs every waiting job now, and those they enqueue, until nothing is left. */
  async drain(): Promise<void> {
    while (!this.isIdle()) {
      for (const entry of [...this.waiting]) this.fire(entry);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Forgets what is waiting (the local stack's stop). */
  stop(): void {
    for (const entry of this.waiting) clearTimeout(entry.timer);
    this.waiting.clear();
    this.ready.length = 0;
    this.settle();
  }

  private isIdle(): boolean {
    return this.waiting.size === 0 && this.ready.length === 0 && this.running === 0;
  }

  private schedule(entry: Entry, delaySeconds: number): void {
    const ms = Math.max(0, delaySeconds * 1000 * this.delayScale);
    this.waiting.add(entry);
    entry.timer = setTimeout(() => this.fire(entry), ms);
    entry.timer.unref();
  }

  private fire(entry: Entry): void {
    if (!this.waiting.delete(entry)) return;
    clearTimeout(entry.timer);
    this.ready.push(entry);
    this.pump();
  }

  private pump(): void {
    while (this.running < this.concurrency && this.ready.length > 0) {
      const entry = this.ready.shift()!;
      this.running += 1;
      void this.run(entry).finally(() => {
        this.running -= 1;
        this.pump();
        this.settle();
      });
    }
  }

  private async run(entry: Entry): Promise<void> {
    entry.receives += 1;
    let failure: string | undefined;
    try {
      if (!this.consumer) throw new Error('The webhook queue has no consumer');
      const outcome = await this.consumer(entry.job);
      if (outcome === 'busy') failure = 'busy';
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      this.log('webhook job failed', { eventId: entry.job.eventId, attempt: entry.job.attempt, receives: entry.receives, error: failure });
    }
    if (failure === undefined) return;
    if (entry.receives >= this.maxReceives) await this.deadLetter(entry.job, `Received ${entry.receives} times without success: ${failure}`);
    else this.schedule(entry, this.redeliverSeconds);
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
