import { SqsWebhookQueue } from '../../adapters/aws/sqs-webhook-queue';
import { GuardedWebhookSender } from '../../adapters/net/webhook-sender';
import type { WebhookQueue } from '../../core/ports/delivery';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { sqsOf } from '../clients/sqs';
import { logger } from '../../platform/observability/logging';
import { localQueuesOf } from './local-queues';

/**
 * Where the local stack and the cloud differ, one module per port (kept apart so a bundle carries only
 * the adapters its entry uses): each choice of an adapter by runtime is made in this folder, from the
 * configuration, so no composition root asks which runtime it runs in. The webhooks' queue (SQS in the cloud, the local queue otherwise) and sender (https only in the cloud).
 */

const webhookLog = logger.createChild({ persistentKeys: { area: 'webhooks' } });
const logLine = (message: string, fields: Record<string, unknown>) => webhookLog.info(message, fields);

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
  // This process's local queue (local-queues.ts), with SQS's retries; the local stack runs its worker.
  return localQueuesOf(config).webhooks;
}

/** One sender per process (its keep-alive sockets are shared): https only and public addresses in the cloud; locally http and loopback too. */
export function webhookSenderOf(context: EntryContext): GuardedWebhookSender {
  const { config } = context;
  const local = config.STAGE === 'local';
  return sharedClient('webhook-sender', config, () => new GuardedWebhookSender({ httpsOnly: !local, allowLoopback: local }));
}
