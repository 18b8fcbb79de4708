import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { publicationMessageSchema } from '../core/publishing/publication-message';
import type { PublicationRunner } from '../core/publishing/publication-runner';
import { publicationWorkerAccess } from '../platform/access';
import { composedOnFirstUse } from '../platform/entry-point';
import { publicationRunnerOf } from '../compose/publications';
import { logger } from '../platform/observability/logging';

const log = logger.createChild({ persistentKeys: { area: 'publications', entry: 'publication-worker' } });

/**
 * The publication queue's consumer (SQS event source with ReportBatchItemFailures): each
 * message names one publication, which the runner claims, uploads (streaming ranges of the video from
 * S3) and publishes, or resumes from its checkpoint. A message for a publication another run holds, or
 * that is not due yet, is done: the ledger's sweep hands it over again when it is. A message that does
 * not parse, or whose run throws (the table unreachable), is reported failed, and after maxReceiveCount
 * lands in the DLQ, which has an alarm.
 */
export function createPublicationWorker(runner: () => Pick<PublicationRunner, 'run'>): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const batchItemFailures: SQSBatchItemFailure[] = [];
    for (const record of event.Records) {
      try {
        const parsed = publicationMessageSchema.safeParse(JSON.parse(record.body));
        if (!parsed.success) throw new Error('not a publication message');
        const outcome = await runner().run(parsed.data);
        log.info('publication message', { messageId: record.messageId, publicationId: parsed.data.id, outcome });
      } catch (error) {
        log.error('publication message failed', { messageId: record.messageId, error: error instanceof Error ? error.message : String(error) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

export const composePublicationWorker = composedOnFirstUse('publication-worker', publicationWorkerAccess, (context) => publicationRunnerOf(context));

export const handler = createPublicationWorker(composePublicationWorker);
