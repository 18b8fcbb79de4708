import { SqsPublicationQueue } from '../../adapters/aws/sqs-publication-queue';
import { InProcessPublicationQueue } from '../../adapters/local/in-process-publication-queue';
import type { PublicationQueue, PublicationRef } from '../../core/ports/publications';
import { need, type EntryContext } from '../../platform/entry-context';
import { publicationSqsOf } from '../clients/sqs';
import type { AppConfig } from '../../platform/config';
import { logRunFailure, processLocalRunner } from './local-runner';

/**
 * Where the local stack and the cloud differ, one module per port: the publication queue is SQS in the
 * cloud (PUBLICATION_QUEUE_URL, consumed by the worker Lambda) and one in-process queue per process
 * locally, consumed by the first runner built (`consumePublicationsLocally`).
 */
const localQueue = processLocalRunner('publication-queue-local', () => new InProcessPublicationQueue(logRunFailure('publications', 'publication run failed')));

export function publicationQueueOf(context: EntryContext): PublicationQueue {
  need(context, { kind: 'publicationQueue' });
  const { config } = context;
  if (config.PUBLICATION_QUEUE_URL || config.STAGE === 'cloud') {
    if (!config.PUBLICATION_QUEUE_URL) throw new Error('PUBLICATION_QUEUE_URL is missing (needed for posting outside the local stack)');
    return new SqsPublicationQueue(publicationSqsOf(context), config.PUBLICATION_QUEUE_URL);
  }
  return localQueue.of(config);
}

/** Locally, the first runner built consumes the process's queue (in the cloud the worker Lambda does). */
export function consumePublicationsLocally(queue: PublicationQueue, run: (ref: PublicationRef) => Promise<unknown>): void {
  if (queue instanceof InProcessPublicationQueue && !queue.hasConsumer) queue.consumeWith(run);
}

/** Locally: this process's queue is consumed by `run` (the local stack's worker), replacing any earlier consumer. */
export function consumeLocalPublications(config: AppConfig, run: (ref: PublicationRef) => Promise<unknown>): void {
  localQueue.of(config).consumeWith(run);
}

/** Stops the local queue's timers (the stack's stop). */
export const stopLocalPublications = localQueue.stop;

/** The local queue's runs in flight (tests wait for them before they stop the stack). */
export const localPublicationsIdle = localQueue.idle;
