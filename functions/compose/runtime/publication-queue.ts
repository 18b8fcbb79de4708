import { SqsPublicationQueue } from '../../adapters/aws/sqs-publication-queue';
import type { PublicationQueue } from '../../core/ports/publications';
import { need, type EntryContext } from '../../platform/entry-context';
import { publicationSqsOf } from '../clients/sqs';
import { localQueuesOf } from './local-queues';

/**
 * Where the local stack and the cloud differ, one module per port: the publication queue is SQS in the
 * cloud (PUBLICATION_QUEUE_URL, consumed by the worker Lambda) and this process's local queue otherwise
 * (local-queues.ts; the local stack runs its worker).
 */
export function publicationQueueOf(context: EntryContext): PublicationQueue {
  need(context, { kind: 'publicationQueue' });
  const { config } = context;
  if (config.PUBLICATION_QUEUE_URL || config.STAGE === 'cloud') {
    if (!config.PUBLICATION_QUEUE_URL) throw new Error('PUBLICATION_QUEUE_URL is missing (needed for posting outside the local stack)');
    return new SqsPublicationQueue(publicationSqsOf(context), config.PUBLICATION_QUEUE_URL);
  }
  return localQueuesOf(config).publications;
}
