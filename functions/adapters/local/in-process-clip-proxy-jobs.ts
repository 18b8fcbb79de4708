import { clipProxyJobs, type ClipProxyJob } from '../../core/media/clip-proxies';
import type { ClipProxyRequests } from '../../core/ports/media';

/**
 * The clip-proxy job in one process (the local stack): a request is queued and run by the job's own
 * handler after the caller has its answer, one job at a time (a long 1080p copy keeps one core busy; a
 * second at once would only slow the renders beside it). Nothing survives a restart: a clip whose copy
 * was lost gets it from FinalizeVideo when a finished video uses it.
 */
export class InProcessClipProxyJobs implements ClipProxyRequests {
  private consumer: ((job: ClipProxyJob) => Promise<unknown>) | undefined;
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private stopped = false;

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  get hasConsumer(): boolean {
    return this.consumer !== undefined;
  }

  consumeWith(consumer: (job: ClipProxyJob) => Promise<unknown>): void {
    this.consumer = consumer;
    this.stopped = false;
  }

  /** Queues the jobs and returns at once; without a consumer (a process that runs no jobs) it refuses and nothing is queued. */
  request(userId: string, assetIds: readonly string[]): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return Promise.reject(new Error('no local clip-proxy runner'));
    for (const job of clipProxyJobs(userId, assetIds)) {
      this.pending += 1;
      this.tail = this.tail
        .then(async () => {
          if (!this.stopped) await consumer(job);
        })
        .catch(this.onError)
        .finally(() => {
          this.pending -= 1;
        });
    }
    return Promise.resolve();
  }

  /** Waits for the jobs queued and running (tests, a clean stop). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }

  /** Runs no more jobs (the one running finishes). */
  stop(): void {
    this.stopped = true;
    this.consumer = undefined;
  }
}
