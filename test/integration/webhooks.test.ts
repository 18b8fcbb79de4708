import { createServer, type Server } from 'node:http';
import { newDeliverySettings } from '../../functions/core/delivery/settings';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoWebhookDeliveryLog } from '../../functions/adapters/aws/dynamo/webhook-deliveries';
import { DynamoDeliverySettingsRepository } from '../../functions/adapters/aws/dynamo/delivery-settings';
import { InProcessQueue } from '../../functions/adapters/local/in-process-queue';
import { checkWebhookUrl, GuardedWebhookSender } from '../../functions/adapters/net/webhook-sender';
import { WebhookService } from '../../functions/core/delivery/webhooks';
import { ValidationError } from '../../functions/core/errors';
import { newId } from '../../functions/core/ids';
import type { DeliverySettingsChanges, DeliverySettingsRepository, StoredDeliverySettings, WebhookJob } from '../../functions/core/ports/delivery';
import { webhookWorkerAccess } from '../../functions/platform/access';
import { webhooksOf } from '../../functions/compose/webhooks';
import { webhookQueueSettings } from '../../functions/compose/runtime/local-queues';
import { services } from '../support/services';
import { startTestStack } from './support/stack';

/**
 * The webhook engine against the local stack: the delivery log and the attempts' claims in DynamoDB
 * Local, the in-process queue (delays scaled down), the guarded sender, and a receiver on 127.0.0.1
 * that checks every signature with `standardwebhooks` as a customer's server would.
 */

const secret = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;

/** The settings record in memory (the repository is another part of). */
class MemorySettings implements DeliverySettingsRepository {
  readonly records = new Map<string, StoredDeliverySettings>();
  readonly triggered = new Map<string, string>();
  readonly failures = new Map<string, string>();
  async get(userId: string) {
    return this.records.get(userId);
  }
  async save(userId: string, initial: StoredDeliverySettings, changes: DeliverySettingsChanges) {
    const next = { ...(this.records.get(userId) ?? initial), ...changes };
    this.records.set(userId, next);
    return next;
  }
  async disableWebhook(userId: string, url: string, reason: string) {
    const current = this.records.get(userId);
    if (current?.webhookUrl === url) this.records.set(userId, { ...current, webhookDisabledReason: reason });
  }
  async markTriggered(userId: string, at: string) {
    this.triggered.set(userId, at);
  }
  async markWebhookFailure(userId: string, message: string) {
    this.failures.set(userId, message);
  }
  add(webhookUrl: string): string {
    const userId = newId();
    const now = new Date().toISOString();
    this.records.set(userId, {
      ...newDeliverySettings(userId, now, secret),
      webhookUrl,
      enableVideoWebhook: true,
      enableAudioWebhook: true,
      enableEmailAutomation: false,
    });
    return userId;
  }
}

interface Received {
  path: string;
  id: string;
  verified: boolean;
  type: string | undefined;
}

let stack: LocalStack;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** What each path answers, in turn (the last repeats). */
const script = new Map<string, number[]>();

beforeAll(async () => {
  stack = await startTestStack();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      let type: string | undefined;
      try {
        type = (new Webhook(secret).verify(body, headers) as { type: string }).type;
        verified = true;
      } catch {
        verified = false;
      }
      const path = req.url ?? '/';
      received.push({ path, id: headers['webhook-id'], verified, type });
      const answers = script.get(path) ?? [200];
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      res.writeHead(verified ? status : 401).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await stack?.stop();
});

function engine(options: { allowLoopback: boolean; delayScale?: number }) {
  const settings = new MemorySettings();
  const queue = new InProcessQueue<WebhookJob>({ ...webhookQueueSettings, delayScale: options.delayScale ?? 0.0005, redeliverAfterMs: 1_000 });
  const sender = new GuardedWebhookSender({ httpsOnly: false, allowLoopback: options.allowLoopback });
  const service = new WebhookService({
    settings,
    queue,
    log: new DynamoWebhookDeliveryLog(services().table),
    sender,
    clock: () => new Date(),
    ids: newId,
    random: Math.random,
  });
  queue.consumeWith((job) => service.attempt(job));
  return { settings, queue, sender, service };
}

const completion = {
  scriptId: 'S1',
  title: 'Sunset over the bay',
  durationSeconds: 31,
  shareUrl: 'https://app.example/share/abc',
  postCaption: 'Golden hour #sunset',
};

describe('webhooks to a receiver that checks signatures', () => {
  it('answers 500 twice then 200: delivered once, three attempts logged newest first', async () => {
    const { settings, queue, sender, service } = engine({ allowLoopback: true });
    script.set('/flaky', [500, 500, 200]);
    const userId = settings.add(`${base}/flaky`);
    const eventId = await service.dispatch(userId, 'video.completed', completion);
    expect(eventId).toMatch(/^msg_/);
    await queue.idle();

    const mine = received.filter((r) => r.id === eventId);
    expect(mine).toHaveLength(3);
    expect(mine.every((r) => r.verified && r.type === 'video.completed')).toBe(true);
    const log = await service.recent(userId);
    expect(log.map((d) => [d.attempt, d.outcome, d.statusCode])).toEqual([
      [3, 'delivered', 200],
      [2, 'retrying', 500],
      [1, 'retrying', 500],
    ]);
    expect(log.every((d) => d.eventId === eventId && d.eventType === 'video.completed' && d.durationMs >= 0)).toBe(true);
    expect(settings.triggered.get(userId)).toBe(log[0]!.at);
    expect(queue.deadLettered).toHaveLength(0);

    // The queue delivering attempt 3 again (an SQS duplicate) sends nothing and logs nothing.
    expect(
      await service.attempt({
        userId,
        eventId: eventId!,
        eventType: 'video.completed',
        payload: { type: 'video.completed', timestamp: new Date().toISOString(), data: completion },
        attempt: 3,
      }),
    ).toBe('duplicate');
    expect(received.filter((r) => r.id === eventId)).toHaveLength(3);
    expect(await service.recent(userId)).toHaveLength(3);
    sender.close();
  });

  it('two deliveries of the same attempt at once POST once (the claim in DynamoDB)', async () => {
    const { settings, sender, service } = engine({ allowLoopback: true });
    const userId = settings.add(`${base}/twice`);
    const job = {
      userId,
      eventId: `msg_${newId()}`,
      eventType: 'audio.completed' as const,
      payload: { type: 'audio.completed' as const, timestamp: new Date().toISOString(), data: completion },
      attempt: 1,
    };
    const outcomes = await Promise.all([service.attempt(job), service.attempt({ ...job })]);
    expect(outcomes.filter((o) => o === 'delivered')).toHaveLength(1);
    expect(received.filter((r) => r.id === job.eventId)).toHaveLength(1);
    expect(await service.recent(userId)).toHaveLength(1);
    sender.close();
  });

  it('410 Gone turns the webhook off: no retry, the card says why, the next completion sends nothing', async () => {
    const { settings, queue, sender, service } = engine({ allowLoopback: true });
    script.set('/gone', [410]);
    const userId = settings.add(`${base}/gone`);
    const eventId = await service.dispatch(userId, 'audio.completed', completion);
    await queue.idle();
    expect(received.filter((r) => r.id === eventId)).toHaveLength(1);
    expect(settings.records.get(userId)?.webhookDisabledReason).toBe('The receiver answered 410 Gone');
    expect((await service.recent(userId)).map((d) => [d.outcome, d.statusCode])).toEqual([['disabled', 410]]);
    expect(await service.dispatch(userId, 'audio.completed', completion)).toBeUndefined();
    sender.close();
  });

  it('a webhook that keeps failing lands in the dead-letter queue after 7 attempts and the card shows the failure', async () => {
    // 17.6 hours of schedule in about 3 seconds.
    const { settings, queue, sender, service } = engine({ allowLoopback: true, delayScale: 0.00005 });
    script.set('/down', [503]);
    const userId = settings.add(`${base}/down`);
    const eventId = await service.dispatch(userId, 'video.completed', completion);
    await queue.idle();
    expect(received.filter((r) => r.id === eventId)).toHaveLength(7);
    expect(queue.deadLettered.map((d) => [d.message.eventId, d.message.attempt])).toEqual([[eventId, 7]]);
    expect(settings.failures.get(userId)).toContain('gave up after 7 attempts');
    expect((await service.recent(userId)).map((d) => d.outcome)).toEqual(['failed', ...Array<string>(6).fill('retrying')]);
    sender.close();
  }, 60_000);

  it('refuses private and loopback addresses at test, at save and at send when loopback is not allowed', async () => {
    const { settings, queue, sender, service } = engine({ allowLoopback: false });
    const userId = settings.add(`${base}/private`);
    await expect(service.test(userId)).rejects.toBeInstanceOf(ValidationError);
    await expect(service.test(userId, 'http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
      'Webhook URL must not point to a private, loopback or link-local address',
    );
    await expect(service.checkUrl('http://10.0.0.7/hook')).rejects.toThrow('Webhook URL must not point to a private, loopback or link-local address');
    for (const url of ['http://127.0.0.1/', 'http://[::1]/', 'http://192.168.1.20/', 'http://[fd00::1]/', 'http://0.0.0.0/']) {
      expect(await checkWebhookUrl(url, { httpsOnly: false })).toMatchObject({ ok: false, reason: 'address' });
    }
    expect(await checkWebhookUrl('http://hooks.example.com/', {})).toMatchObject({ ok: false, reason: 'insecure' });

    const eventId = await service.dispatch(userId, 'video.completed', completion);
    await queue.idle();
    expect(received.filter((r) => r.id === eventId)).toHaveLength(0);
    expect((await service.recent(userId)).map((d) => [d.outcome, d.error])).toEqual([
      ['failed', 'Webhook URL must not point to a private, loopback or link-local address'],
    ]);
    sender.close();
  });

  it('sends a test event now, logged, through the local composition (the local queue and the stack worker, loopback allowed locally)', async () => {
    // The stack's worker reads the saved URL from the table, as the cloud's does.
    const settings = new DynamoDeliverySettingsRepository(services().table);
    const { config } = services();
    const service = webhooksOf({ entry: 'webhook-worker', access: webhookWorkerAccess, config }, settings);
    const userId = newId();
    const now = new Date().toISOString();
    await settings.save(userId, newDeliverySettings(userId, now, secret), {
      webhookUrl: `${base}/composed`,
      enableVideoWebhook: true,
      enableAudioWebhook: true,
      enableEmailAutomation: false,
    });
    const result = await service.test(userId);
    expect(result).toMatchObject({ delivered: true, statusCode: 200 });
    expect(received.filter((r) => r.path === '/composed' && r.type === 'webhook.test' && r.verified)).toHaveLength(1);
    const eventId = await service.dispatch(userId, 'video.completed', completion);
    await expect.poll(() => received.filter((r) => r.id === eventId).length, { timeout: 5000 }).toBe(1);
    await expect.poll(async () => (await service.recent(userId)).map((d) => d.eventType), { timeout: 5000 }).toEqual(['video.completed', 'webhook.test']);
  });
});
