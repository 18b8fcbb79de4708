import { InProcessQueue, type InProcessQueueOptions, type QueueConsumer } from '../../adapters/local/in-process-queue';
import type { ClipProxyJob } from '../../core/media/clip-proxies';
import type { ScheduledJob, WebhookJob } from '../../core/ports/delivery';
import type { PublicationRef } from '../../core/ports/publications';
import type { AppConfig } from '../../platform/config';
import { sharedClient } from '../../platform/entry-context';
import { logger } from '../../platform/observability/logging';

/**
 * The local runtime's queues, all of one kind (`InProcessQueue`), in one place: what stands in for each
 * cloud queue and asynchronous invoke (docs/decisions/local-runtime.md). The ports' adapters read them
 * (`publicationQueueOf`, `webhookQueueOf`, `clipProxyRequestsOf`); the local stack gives every queue its
 * worker at once with `runLocalWorkers`, whichever is built first: no composition consumes a queue it
 * happens to build.
 */
export interface LocalQueues {
  publications: InProcessQueue<PublicationRef>;
  webhooks: InProcessQueue<WebhookJob>;
  clipProxies: InProcessQueue<ClipProxyJob>;
  /** The jobs function's asynchronous invoke (completion notices): run by the scheduled-job handler. */
  jobs: InProcessQueue<ScheduledJob>;
}

/** Each queue's worker: the same handler the cloud's consumer runs. */
export type LocalWorkers = { [Name in keyof LocalQueues]: LocalQueues[Name] extends InProcessQueue<infer Message> ? QueueConsumer<Message> : never };

/** The webhook queue's SQS settings (lib/constructs): a 30 s visibility timeout, 5 receives, 16 at once. */
export const webhookQueueSettings = { redeliverAfterMs: 30_000, maxReceives: 5, concurrency: 16 } satisfies InProcessQueueOptions<WebhookJob>;

function failureLog(area: string, message: string) {
  return (error: unknown) => logger.createChild({ persistentKeys: { area } }).error(message, { error: error instanceof Error ? error.message : String(error) });
}

function build(): LocalQueues {
  const webhookLog = logger.createChild({ persistentKeys: { area: 'webhooks' } });
  return {
    // A message the worker does not finish is found again by the ledger's sweep, not redelivered here.
    publications: new InProcessQueue({ onFailure: failureLog('publications', 'publication run failed') }),
    webhooks: new InProcessQueue({
      ...webhookQueueSettings,
      onFailure: (error, job, receives) =>
        webhookLog.info('webhook job failed', {
          eventId: job.eventId,
          attempt: job.attempt,
          receives,
          error: error instanceof Error ? error.message : String(error),
        }),
      onDeadLetter: (job, reason) => webhookLog.info('webhook dead-lettered', { userId: job.userId, eventId: job.eventId, attempt: job.attempt, reason }),
    }),
    // One copy at a time: a long 1080p copy keeps a core busy, a second at once would only slow the renders beside it.
    clipProxies: new InProcessQueue({ concurrency: 1, onFailure: failureLog('clip-proxies', 'clip proxy job failed') }),
    jobs: new InProcessQueue({ onFailure: failureLog('jobs', 'scheduled job failed') }),
  };
}

let current: LocalQueues | undefined;
let workers: LocalWorkers | undefined;

function attach(queues: LocalQueues, to: LocalWorkers): void {
  queues.publications.consumeWith(to.publications);
  queues.webhooks.consumeWith(to.webhooks);
  queues.clipProxies.consumeWith(to.clipProxies);
  queues.jobs.consumeWith(to.jobs);
}

function each(queues: LocalQueues | undefined): { stop(): void; idle(): Promise<void> }[] {
  return queues ? [queues.publications, queues.webhooks, queues.clipProxies, queues.jobs] : [];
}

/** This process's queues, built on first use and replaced (the old ones stopped) when the configuration changes. */
export function localQueuesOf(config: AppConfig): LocalQueues {
  return sharedClient('local-queues', config, () => {
    for (const queue of each(current)) queue.stop();
    current = build();
    if (workers) attach(current, workers);
    return current;
  });
}

/** The local stack: every queue runs through its worker from now on (queues built later too), until `stop`. */
export function runLocalWorkers(config: AppConfig, given: LocalWorkers): { stop(): Promise<void> } {
  workers = given;
  attach(localQueuesOf(config), given);
  return {
    stop: async () => {
      if (workers === given) workers = undefined;
      const queues = each(current);
      for (const queue of queues) queue.stop();
      await Promise.all(queues.map((queue) => queue.idle()));
    },
  };
}

/** Waits until a local queue has nothing waiting or running (tests). */
export async function localQueueIdle(name: keyof LocalQueues): Promise<void> {
  await current?.[name].idle();
}
