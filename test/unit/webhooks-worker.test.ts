import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { SqsWebhookQueue } from '../../functions/adapters/aws/sqs-webhook-queue';
import type { WebhookService } from '../../functions/core/delivery/webhooks';
import type { WebhookJob } from '../../functions/core/ports/delivery';
import { createWebhookWorker } from '../../functions/jobs/webhook-worker';
import { webhookWorkerAccess } from '../../functions/platform/access';
import { composeWebhookWorker, webhookToolsOf, webhooksOf } from '../../functions/compose/webhooks';
import { parseConfig } from '../../functions/platform/config';
import { setLogSink } from '../../functions/platform/observability/logging';

const job = (attempt = 1, eventId = 'msg_01JABC'): WebhookJob => ({
  userId: 'U1',
  eventId,
  eventType: 'video.completed',
  payload: {
    type: 'video.completed',
    timestamp: '2026-03-01T10:00:00.000Z',
    data: { scriptId: 'S1', title: 'T', durationSeconds: 3, shareUrl: null, postCaption: '' },
  },
  attempt,
});

describe('the webhook worker (SQS consumer)', () => {
  const sqs = mockClient(SQSClient);
  const now = Date.parse('2026-03-01T10:00:00.000Z');
  const queue = new SqsWebhookQueue(new SQSClient({ region: 'us-east-1' }), 'https://sqs.local/q', 'https://sqs.local/dlq', () => new Date(now));
  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
    setLogSink(undefined);
  });
  const sent = () =>
    sqs.commandCalls(SendMessageCommand).map((call) => ({ ...call.args[0].input, body: JSON.parse(call.args[0].input.MessageBody ?? '{}') as unknown }));

  it('the worker attempts each due job and reports busy, failing and malformed messages as batch item failures', async () => {
    const attempted: string[] = [];
    const webhooks = {
      attempt: async (next: WebhookJob) => {
        attempted.push(next.eventId);
        if (next.eventId === 'msg_BUSY') return 'busy' as const;
        if (next.eventId === 'msg_BOOM') throw new Error('table down');
        return 'delivered' as const;
      },
    } as unknown as WebhookService;
    setLogSink(undefined);
    const worker = createWebhookWorker(() => ({ webhooks, queue }));
    const record = (messageId: string, body: string) => ({ messageId, body }) as SQSEvent['Records'][number];
    const answer = await worker({
      Records: [
        record('1', JSON.stringify({ job: job(1, 'msg_OK') })),
        record('2', JSON.stringify({ job: job(1, 'msg_BUSY') })),
        record('3', JSON.stringify({ job: job(1, 'msg_BOOM') })),
        record('4', 'not json'),
        record('5', JSON.stringify({ job: job(6, 'msg_LATER'), notBefore: now + 3_600_000 })),
      ],
    });
    expect(attempted.sort()).toEqual(['msg_BOOM', 'msg_BUSY', 'msg_OK']);
    expect(answer.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['2', '3', '4']);
    expect(sent()).toEqual([expect.objectContaining({ DelaySeconds: 900 })]);
  });

  it('composes under its declaration in the cloud, and refuses without a queue URL or the declaration', () => {
    const env = {
      STAGE: 'cloud',
      APP_ORIGIN: 'https://app.example.com',
      TABLE_NAME: 't',
      MEDIA_BUCKET: 'b',
      USER_POOL_ID: 'p',
      USER_POOL_CLIENT_ID: 'c',
      WS_MANAGEMENT_ENDPOINT: 'https://ws.example.com',
    };
    const settings = { get: async () => undefined } as never;
    const config = parseConfig({
      ...env,
      WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q',
      WEBHOOK_DLQ_URL: 'https://sqs.us-east-1.amazonaws.com/1/dlq',
    });
    expect(() => composeWebhookWorker({ entry: 'webhook-worker', access: webhookWorkerAccess, config }, settings)).not.toThrow();
    expect(() => composeWebhookWorker({ entry: 'webhook-worker', access: webhookWorkerAccess, config: parseConfig(env) }, settings)).toThrow(
      'WEBHOOK_QUEUE_URL is missing',
    );
    expect(() => composeWebhookWorker({ entry: 'webhook-worker', access: { table: 'read-write' }, config }, settings)).toThrow(/does not declare/);
    // The settings card's calls need no queue; dispatching does.
    expect(() => webhookToolsOf({ entry: 'settings', access: { table: 'read-write' }, config }, settings)).not.toThrow();
    expect(() => webhooksOf({ entry: 'settings', access: { table: 'read-write' }, config }, settings)).toThrow(/webhookQueue but does not declare/);
  });
});
