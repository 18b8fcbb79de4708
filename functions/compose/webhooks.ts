import { DynamoDeliverySettingsRepository } from '../adapters/aws/dynamo/delivery-settings';
import { DynamoWebhookDeliveryLog } from '../adapters/aws/dynamo/webhook-deliveries';
import type { SqsWebhookQueue } from '../adapters/aws/sqs-webhook-queue';
import { WebhookService } from '../core/delivery/webhooks';
import { newId } from '../core/ids';
import type { DeliverySettingsRepository, WebhookQueue } from '../core/ports/delivery';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { sqsWebhookQueueOf, webhookQueueOf, webhookSenderOf } from './runtime/webhook-queue';

/**
 * The webhook engine: the service an HTTP area or a pipeline task calls (dispatch, test,
 * recent, checkUrl), and the worker that consumes the queue. In the cloud the queue is SQS
 * (WEBHOOK_QUEUE_URL, WEBHOOK_DLQ_URL) and the worker a Lambda; locally, with no queue URL, the
 * process's local queue runs the same attempts on timers (compose/runtime/local-queues.ts), its worker
 * given by the local stack.
 */

/** The webhook service (dispatch included: the entry declares `webhookQueue`); `settings` is the delivery settings repository the caller holds. */
export function webhooksOf(context: EntryContext, settings: DeliverySettingsRepository): WebhookService {
  const queue = webhookQueueOf(context);
  return new WebhookService({
    settings,
    queue,
    log: new DynamoWebhookDeliveryLog(tableOf(context, 'read-write')),
    sender: webhookSenderOf(context),
    clock: () => new Date(),
    ids: newId,
    random: Math.random,
  });
}

/** What the settings card needs (test, recent, checkUrl): no queue, so no queue grant. */
export type WebhookTools = Pick<WebhookService, 'test' | 'recent' | 'checkUrl'>;

const noQueue: WebhookQueue = {
  enqueue: () => Promise.reject(new Error('This entry point does not send to the webhook queue: compose webhooksOf')),
  deadLetter: () => Promise.reject(new Error('This entry point does not send to the webhook queue: compose webhooksOf')),
};

/** The card's webhook calls for an HTTP area that does not dispatch (its declaration needs the table only). */
export function webhookToolsOf(context: EntryContext, settings: DeliverySettingsRepository): WebhookTools {
  return new WebhookService({
    settings,
    queue: noQueue,
    log: new DynamoWebhookDeliveryLog(tableOf(context, 'read-write')),
    sender: webhookSenderOf(context),
    clock: () => new Date(),
    ids: newId,
    random: Math.random,
  });
}

export interface WebhookWorkerDeps {
  webhooks: WebhookService;
  queue: SqsWebhookQueue;
}

/** The webhook service with the table's delivery settings: what the webhook queue's worker attempts (locally too). */
export function composeWebhookAttempts(context: EntryContext): WebhookService {
  return webhooksOf(context, new DynamoDeliverySettingsRepository(tableOf(context, 'read-write')));
}

/** The SQS consumer Lambda (functions/jobs/webhook-worker.ts). */
export function composeWebhookWorker(context: EntryContext, settings?: DeliverySettingsRepository): WebhookWorkerDeps {
  return { webhooks: settings ? webhooksOf(context, settings) : composeWebhookAttempts(context), queue: sqsWebhookQueueOf(context) };
}
