import { SqsPublicationQueue } from '../../adapters/aws/sqs-publication-queue';
import { InProcessPublicationQueue } from '../../adapters/local/in-process-publication-queue';
import type { PublicationQueue, PublicationRef } from '../../core/ports/publications';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { publicationSqsOf } from '../clients/sqs';
import type { AppConfig } from '../../platform/config';
import { logger } from '../../platform/logger';

/**
 * Where the local stack and the cloud differ, one module per port: the publication queue is SQS in the
 * cloud (PUBLICATION_QUEUE_URL, consumed by the worker Lambda) and one in-process queue per process
 * locally, consumed by the first runner built (`consumePublicationsLocally`).
 */
let localQueue: InProcessPublicationQueue | undefined;

function localQueueOf(config: AppConfig): InProcessPublicationQueue {
  return sharedClient('publication-queue-local', config, () => {
    localQueue?.stop();
    localQueue = new InProcessPublicationQueue((error) => logger.child({ area: 'publications' }).error('publication run failed', { error: error instanceof Error ? error.message : String(error) }));
    return localQueue;
  });
}

export function publicationQueueOf(context: EntryContext): PublicationQueue {
  need(context, { kind: 'publicationQueue' });
  const { config } = context;
  if (config.PUBLICATION_QUEUE_URL || config.STAGE === 'cloud') {
    if (!config.PUBLICATION_QUEUE_URL) throw new Error('PUBLICATION_QUEUE_URL is missing (needed for posting outside the local stack)');
    return new SqsPublicationQueue(publicationSqsOf(context), config.PUBLICATION_QUEUE_URL);
  }
  return localQueueOf(config);
}

/** Locally, the first runner built consumes the process's queue (in the cloud the worker Lambda does). */
export function consumePublicationsLocally(queue: PublicationQueue, run: (ref: PublicationRef) => Promise<unknown>): void {
  if (queue instanceof InProcessPublicationQueue && !queue.hasConsumer) queue.consumeWith(run);
}

/** Locally: this process's queue is consumed by `run` (the local stack's worker), replacing any earlier consumer. */
export function consumeLocalPublications(config: AppConfig, run: (ref: PublicationRef) => Promise<unknown>): void {
  localQueueOf(config).consumeWith(run);
}

/** Stops the local queue's timers (the stack's stop). */
export function stopLocalPublications(): void {
  localQueue?.stop();
}

/** The local queue's runs in flight (tests wait for them before they stop the stack). */
export async function localPublicationsIdle(): Promise<void> {
  await localQueue?.idle();
}
