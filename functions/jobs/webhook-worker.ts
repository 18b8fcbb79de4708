import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { webhookWorkerAccess } from '../platform/access';
import { composedOnFirstUse } from '../platform/entry-point';
import { composeWebhookAttempts, composeWebhookWorker, type WebhookWorkerDeps } from '../compose/webhooks';
import { logger } from '../platform/observability/logging';

const log = logger.createChild({ persistentKeys: { area: 'webhooks', entry: 'webhook-worker' } });

/**
 * The webhook queue's consumer (SQS event source with ReportBatchItemFailures): each message is one
 * attempt of one event. A message not yet due (a delay over 15 minutes) is sent round again; a retry
 * the attempt decides on is a new message, so the received one is done. A message is reported failed
 * (SQS hands it back after the visibility timeout; the redrive policy moves it to the DLQ after
 * maxReceiveCount) when it does not parse, when the attempt throws, or when another worker holds the
 * same attempt's claim (a duplicate delivery in flight).
 */
export function createWebhookWorker(deps: () => WebhookWorkerDeps): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const { webhooks, queue } = deps();
    const batchItemFailures: SQSBatchItemFailure[] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        try {
          const job = await queue.accept(record.body);
          if (!job) return;
          const outcome = await webhooks.attempt(job);
          if (outcome === 'busy') batchItemFailures.push({ itemIdentifier: record.messageId });
        } catch (error) {
          log.error('webhook message failed', { messageId: record.messageId, error: error instanceof Error ? error.message : String(error) });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures };
  };
}

export const handler = createWebhookWorker(composedOnFirstUse('webhook-worker', webhookWorkerAccess, (context) => composeWebhookWorker(context)));

/** The worker's attempts without SQS around them: what the local stack's webhook queue runs. */
export const composeWebhookAttemptsOnce = composedOnFirstUse('webhook-worker:local', webhookWorkerAccess, composeWebhookAttempts);
