/**
 * `npm run bench:webhooks`: webhook delivery to a local receiver (node http on 127.0.0.1 that checks
 * every signature with `standardwebhooks`), through the whole engine: WebhookService.dispatch → the
 * in-process queue → attempt (settings read, claim, Standard Webhooks signing, the guarded POST with its
 * address checks, the log line and the claim closed in one transaction) → 2xx. Prints events per second
 * (the whole burst dispatched at once, until the queue is idle), the latency of one attempt (from the
 * queue handing it over to the logged delivery: p50/p99) and, for the burst, from dispatch to the logged
 * delivery (queueing included); with the log in DynamoDB Local (the local stack) and, to show what the
 * engine itself costs, with the log in memory.
 * BENCH_EVENTS (default 2000) and BENCH_CONCURRENCY (default 16) change the run.
 */
import { createServer } from 'node:http';
import { newDeliverySettings } from '../../functions/core/delivery/settings';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startLocalStack } from '../../bin/local/stack';
import { DynamoWebhookDeliveryLog } from '../../functions/adapters/aws/dynamo/webhook-deliveries';
import { InProcessQueue } from '../../functions/adapters/local/in-process-queue';
import { webhookQueueSettings } from '../../functions/compose/runtime/local-queues';
import { GuardedWebhookSender } from '../../functions/adapters/net/webhook-sender';
import type { WebhookDelivery } from '../../functions/contract/delivery';
import { WebhookService } from '../../functions/core/delivery/webhooks';
import { newId } from '../../functions/core/ids';
import type { DeliverySettingsRepository, StoredDeliverySettings, WebhookJob } from '../../functions/core/ports/delivery';
import type { WebhookAttemptClaim, WebhookAttemptLog } from '../../functions/core/ports/webhooks';
import { services } from '../support/services';

const events = Number(process.env.BENCH_EVENTS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const secret = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

class BenchSettings implements DeliverySettingsRepository {
  constructor(private readonly record: StoredDeliverySettings) {}
  async get() {
    return this.record;
  }
  async save() {
    return this.record;
  }
  async disableWebhook() {}
  async markTriggered() {}
  async markWebhookFailure() {}
}

class MemoryLog implements WebhookAttemptLog {
  private readonly claims = new Map<string, 'sending' | 'done'>();
  private readonly lines: WebhookDelivery[] = [];
  async record(_userId: string, delivery: WebhookDelivery) {
    this.lines.push(delivery);
  }
  async recent(_userId: string, limit: number) {
    return this.lines.slice(-limit).reverse();
  }
  async claim(_userId: string, eventId: string, attempt: number): Promise<WebhookAttemptClaim> {
    const key = `${eventId}#${attempt}`;
    if (this.claims.has(key)) return this.claims.get(key) === 'done' ? 'done' : 'busy';
    this.claims.set(key, 'sending');
    return 'claimed';
  }
  async finish(userId: string, eventId: string, attempt: number, delivery: WebhookDelivery) {
    await this.record(userId, delivery);
    this.claims.set(`${eventId}#${attempt}`, 'done');
  }
}

async function run(label: string, log: WebhookAttemptLog, url: string, count: number, parallel: number): Promise<void> {
  const userId = newId();
  const now = new Date().toISOString();
  const settings = new BenchSettings({
    ...newDeliverySettings(userId, now, secret),
    webhookUrl: url,
    enableVideoWebhook: true,
    enableAudioWebhook: true,
    enableEmailAutomation: false,
  });
  const queue = new InProcessQueue<WebhookJob>({ ...webhookQueueSettings, concurrency: parallel });
  const sender = new GuardedWebhookSender({ httpsOnly: false, allowLoopback: true });
  const service = new WebhookService({ settings, queue, log, sender, clock: () => new Date(), ids: newId, random: Math.random });
  const started = new Map<string, number>();
  const latencies: number[] = [];
  let failures = 0;
  const waits: number[] = [];
  queue.consumeWith(async (job) => {
    const begun = performance.now();
    const outcome = await service.attempt(job);
    if (outcome !== 'delivered') failures += 1;
    latencies.push(performance.now() - begun);
    waits.push(performance.now() - (started.get(job.eventId) ?? Number.NaN));
    return outcome;
  });
  const data = {
    scriptId: newId(),
    title: 'Five habits of calm mornings',
    durationSeconds: 31,
    shareUrl: 'https://app.example/share/abcdef',
    postCaption: 'Start slow. #morning #routine',
  };
  const t0 = performance.now();
  for (let i = 0; i < count; i += 1) {
    const dispatchedAt = performance.now();
    const eventId = await service.dispatch(userId, 'video.completed', data);
    if (eventId) started.set(eventId, dispatchedAt);
  }
  await queue.idle();
  const seconds = (performance.now() - t0) / 1000;
  sender.close();
  latencies.sort((a, b) => a - b);
  waits.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  const line =
    `${label.padEnd(38)} ${String(count).padStart(5)} events ${(count / seconds).toFixed(0).padStart(6)} events/s` +
    `  attempt p50 ${ms(percentile(latencies, 50))} p99 ${ms(percentile(latencies, 99))}` +
    `  dispatch→delivered p99 ${ms(percentile(waits, 99))}`;
  process.stdout.write(`${line}${failures ? `  (${failures} not delivered)` : ''}\n`);
}

async function main(): Promise<void> {
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  let verified = 0;
  let refused = 0;
  const verifier = new Webhook(secret);
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        verifier.verify(Buffer.concat(chunks).toString('utf8'), {
          'webhook-id': String(req.headers['webhook-id']),
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        });
        verified += 1;
        res.writeHead(204).end();
      } catch {
        refused += 1;
        res.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const signStart = performance.now();
  const signer = new Webhook(secret);
  const body = JSON.stringify({ type: 'video.completed', timestamp: new Date().toISOString(), data: { title: 'x'.repeat(200) } });
  for (let i = 0; i < 20_000; i += 1) signer.sign(`msg_${i}`, new Date(), body);
  const signRate = 20_000 / ((performance.now() - signStart) / 1000);

  process.stdout.write(`webhook delivery to a local receiver (signature checked by the receiver), Node ${process.version}\n`);
  process.stdout.write(`signing alone (standardwebhooks HMAC-SHA256): ${signRate.toFixed(0)} signatures/s\n`);
  const dynamoLog = new DynamoWebhookDeliveryLog(services().table);
  await run('warm-up', new MemoryLog(), url, 200, concurrency);
  await run(`log in DynamoDB Local, ${concurrency} at once`, dynamoLog, url, events, concurrency);
  await run('log in DynamoDB Local, one at a time', dynamoLog, url, Math.min(events, 500), 1);
  await run(`log in memory, ${concurrency} at once`, new MemoryLog(), url, events, concurrency);
  await run('log in memory, one at a time', new MemoryLog(), url, Math.min(events, 500), 1);
  process.stdout.write(`receiver: ${verified} signatures verified, ${refused} refused\n`);

  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await stack.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
