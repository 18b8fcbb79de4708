import { DynamoWebhookDeliveryLog } from '../../adapters/aws/dynamo/webhook-deliveries';
import { SqsWebhookQueue } from '../../adapters/aws/sqs-webhook-queue';
import { InProcessWebhookQueue } from '../../adapters/local/in-process-webhook-queue';
import { GuardedWebhookSender } from '../../adapters/net/webhook-sender';
import { WebhookService } from '../../core/delivery/webhooks';
import { newId } from '../../core/ids';
import type { DeliverySettingsRepository, WebhookQueue } from '../../core/ports/delivery';
import { need, sharedClient, type EntryContext } from '../clients/entry';
import { sqsOf } from '../clients/sqs';
import { tableOf } from '../clients/table';
import type { AppConfig } from '../config';
import { logger } from '../logger';

/**
 * The webhook engine (issue 12): the service an HTTP area or a pipeline task calls (dispatch, test,
 * recent, checkUrl), and the worker that consumes the queue. In the cloud the queue is SQS
 * (WEBHOOK_QUEUE_URL, WEBHOOK_DLQ_URL) and the worker a Lambda; locally, with no queue URL, one
 * in-process queue per process runs the same attempts on timers, consumed by the first service built.
 */

const log = logger.child({ area: 'webhooks' });
const logLine = (message: string, fields: Record<string, unknown>) => log.info(message, fields);

let localQueue: InProcessWebhookQueue | undefined;

/** The process's local queue (replaced, and the old one stopped, when the configuration changes). */
function localQueueOf(config: AppConfig): InProcessWebhookQueue {
  return sharedClient('webhook-queue-local', config, () => {
    localQueue?.stop();
    localQueue = new InProcessWebhookQueue({ log: logLine });
    return localQueue;
  });
}

/** The SQS queue adapter; the worker also uses it to accept (or send round again) a received message. */
export function sqsWebhookQueueOf(context: EntryContext): SqsWebhookQueue {
  need(context, { kind: 'webhookQueue' });
  const { config } = context;
  if (!config.WEBHOOK_QUEUE_URL) throw new Error('WEBHOOK_QUEUE_URL is missing (needed for webhooks outside the local stack)');
  return new SqsWebhookQueue(sqsOf(context), config.WEBHOOK_QUEUE_URL, config.WEBHOOK_DLQ_URL, () => new Date(), logLine);
}

export function webhookQueueOf(context: EntryContext): WebhookQueue {
  need(context, { kind: 'webhookQueue' });
  const { config } = context;
  if (config.WEBHOOK_QUEUE_URL || config.STAGE === 'cloud') return sqsWebhookQueueOf(context);
  return localQueueOf(config);
}

/** One sender per process (its keep-alive sockets are shared): https only and public addresses in the cloud; locally http and loopback too. */
export function webhookSenderOf(context: EntryContext): GuardedWebhookSender {
  const { config } = context;
  const local = config.STAGE === 'local';
  return sharedClient('webhook-sender', config, () => new GuardedWebhookSender({ httpsOnly: !local, allowLoopback: local }));
}

/** The webhook service (dispatch included: the entry declares `webhookQueue`); `settings` is the delivery settings repository the caller holds. */
export function webhooksOf(context: EntryContext, settings: DeliverySettingsRepository): WebhookService {
  const queue = webhookQueueOf(context);
  const service = new WebhookService({
    settings,
    queue,
    log: new DynamoWebhookDeliveryLog(tableOf(context, 'read-write')),
    sender: webhookSenderOf(context),
    clock: () => new Date(),
    ids: newId,
    random: Math.random,
  });
  if (queue instanceof InProcessWebhookQueue && !queue.hasConsumer) queue.consumeWith((job) => service.attempt(job));
  return service;
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

/** The SQS consumer Lambda (functions/jobs/webhook-worker.ts). */
export function composeWebhookWorker(context: EntryContext, settings: DeliverySettingsRepository): WebhookWorkerDeps {
  return { webhooks: webhooksOf(context, settings), queue: sqsWebhookQueueOf(context) };
}
