import type { PublicationQueue, PublicationRef } from '../../core/ports/publications';

/**
 * The publication queue in one process (the local stack): a message is a timer that hands the
 * publication to the consumer; several for the same publication are fine (the ledger's claim lets
 * one run). A message not consumed (the process stopped) is found again by the sweep: the ledger,
 * not this queue, is what survives a restart.
 */
export class InProcessPublicationQueue implements PublicationQueue {
  private consumer: ((ref: PublicationRef) => Promise<unknown>) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  get hasConsumer(): boolean {
    return this.consumer !== undefined;
  }

  consumeWith(consumer: (ref: PublicationRef) => Promise<unknown>): void {
    this.consumer = consumer;
  }

  async enqueue(ref: PublicationRef, delayMs: number): Promise<void> {
    const message = { userId: ref.userId, id: ref.id };
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const consumer = this.consumer;
      if (!consumer) return;
      const run = consumer(message).catch(this.onError);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, Math.max(0, delayMs));
    timer.unref();
    this.timers.add(timer);
  }

  /** Waits for the runs in flight (tests, a clean stop). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.consumer = undefined;
  }
}
